// An HTTP/1.1 server of our own for loopback dashboards and APIs: request parsing with limits
// (`HTTPRequestParser`, `HTTPLimits`), routing by method and path (`HTTPRouter`), responses and Server-Sent Events
// (`HTTPResponse`, `EventStream`, `ServerSentEvent`), bearer-token authentication (`BearerToken`) and the server
// itself (`HTTPServer`: one poll loop on one thread). Sockets through SystemSupport's funnel; no Foundation.

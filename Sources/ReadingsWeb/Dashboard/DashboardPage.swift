import HTTP

/// The dashboard (docs/http-api.md): the three cards of the original app — Heart Rate, Steps Today, Live
/// Motion —, Flights Today beside them (the floors climbed and the altitude's trace), and the attitude (an artificial horizon and the device in 3D), with sparklines of the last minutes.
///
/// Plain HTML, CSS and JavaScript compiled into the binary: no external resource, no library, no CDN, so that it
/// works on an offline board; the Content-Security-Policy allows nothing else. The script reads
/// `/events/heart-rate`, `/events/steps`, `/events/motion` and `/events/altitude` and reopens them when they are lost; a reading that is
/// unavailable shows why in its card, never a zero. Script errors are written into the page (`#errors`), where the
/// browser test looks for them. With `?access_token=TOKEN` in the page's address, the script passes the token on.
enum DashboardPage {
    static func install(on router: inout HTTPRouter) {
        let files: [(path: String, type: String, body: String)] = [
            ("/", "text/html; charset=utf-8", html),
            ("/dashboard.css", "text/css; charset=utf-8", style),
            ("/dashboard.js", "text/javascript; charset=utf-8", charts + attitude + cards),
        ]
        for file in files {
            var response = HTTPResponse(contentType: file.type, body: Array(file.body.utf8))
            response.headers.add("Cache-Control", "no-cache")
            response.headers.add("X-Content-Type-Options", "nosniff")
            response.headers.add("Referrer-Policy", "no-referrer")
            response.headers.add(
                "Content-Security-Policy",
                "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
                    + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
            let reply = HTTPReply.response(response)
            router.add(.get, file.path) { _ in reply }
        }
    }
}

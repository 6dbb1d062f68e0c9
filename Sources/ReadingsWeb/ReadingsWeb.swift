// The readings on the web: the JSON API (`/api/…`), Server-Sent Events (`/events/…`) and the dashboard
// page (`/`) on an `HTTP` server, defined against `ReadingsProvider` so that whoever owns the sensors and the store
// (the service) supplies them. `ReadingsWebRoutes.install(on:provider:)` mounts it all.

"""The HTTP and WebSocket routes, by resource: accounts, rooms, operations, the socket
and the browser client."""

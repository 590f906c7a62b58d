"""End-to-end tests: a real `zpy serve`, the built browser client, headless Chromium."""

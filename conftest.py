"""Collection settings for the whole suite."""

# Alembic's migration environment runs only inside Alembic, never on import.
collect_ignore_glob = ["src/zhaopengyou/server/migrations/*"]

"""The ``zpy`` command."""

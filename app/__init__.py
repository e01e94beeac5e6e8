"""The Student Books web application (Starlette)."""

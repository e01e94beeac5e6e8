"""Read functions shared by the page loaders and the /api endpoints, so the two never disagree.

One module per area; every function takes a SQLAlchemy Session and returns JSON-ready records
shaped as SPEC.md §3 says.
"""

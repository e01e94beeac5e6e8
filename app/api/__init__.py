"""JSON endpoints: shop lists, admin lists and writes, auth, media."""

"""The seller portal's pages (/seller/...): rendered per request for the signed-in seller, never cached."""

"""The seller portal's API (/api/seller/...: a seller's own offers, orders and money) and the
owner's writes on sellers' portal accounts (/api/sellers/{id}/invite, suspend, reinstate)."""

"""A shopper's own API, under /api/me: signing up, verifying the email, the account itself (and,
beside it, orders, addresses, the wishlist and stock alerts). Guarded by sessions.require_shopper:
a shopper sees and changes only what is theirs."""

"""A shopper's account pages under /account: rendered per request for the signed-in shopper and
never cached (shell.py); the pages before sign-in (sign up, sign in, verify, reset) beside them."""

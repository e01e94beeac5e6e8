"""The payment API: paying an order again, reading its payment back, the card form's SetupIntent and
Stripe's webhook. Staff's payment actions (cash collected, refunds) are in app/api/sales/."""

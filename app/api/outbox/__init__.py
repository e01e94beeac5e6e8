"""The owner's outbox in the back office: every mail the shop wrote, listed, read one by one (its
headers, its HTML served apart under a strict policy for a sandboxed frame, its plain text, its
delivery attempts) and sent again when it failed or went (messages.py, records in records.py).
The queue itself is db/outbox.py; delivery is app/mail/'s."""

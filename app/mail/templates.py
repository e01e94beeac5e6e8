"""TEMPORARY stand-in until the real templates land (helper branch mail-templates)."""

from __future__ import annotations

from dataclasses import dataclass

KINDS = (
    "order_placed",
    "order_status",
    "refund_accepted",
    "staff_invite",
    "staff_disabled",
    "two_factor_enrolled",
    "two_factor_off",
)


@dataclass(frozen=True)
class Rendered:
    subject: str
    html: str
    text: str


def render(kind: str, context: dict) -> Rendered:
    if kind == "order_placed":
        subject = f"Your Student Books order #{context['order_no']}"
        body = f"Order {context['order_no']}\n" + (
            "\n".join(f"{line['title']} x {line['qty']} ${line['line_total']}" for line in context["lines"])
            + f"\nTotal ${context['total']}"
        )
    elif kind == "staff_invite":
        subject = "You are invited to the Student Books back office"
        body = context["link"]
    else:
        subject = kind
        body = str(context)
    return Rendered(subject, f"<html><body><pre>{body}</pre></body></html>", body)

"""The outbox shared by several senders and surviving a killed server: with two instances on one
database each message is delivered exactly once (PostgreSQL's SKIP LOCKED, SQLite's write lock);
a server killed with SIGKILL mid-delivery and started again delivers every committed order's mail,
and a repeat only ever with the same Message-ID."""

from __future__ import annotations

import asyncio
import re
import shutil
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from conftest import fresh_postgres, start_server
from sqlalchemy import func, select
from test_crash_safety import stocked
from traffic import BUYER

from app.database import Database
from app.mail.sender import MailSender
from app.mail.smtp import SmtpServer
from bench.smtp_sink import MailSink
from db.migrate import upgrade
from db.models import OutboxMessage
from db.outbox import Mail, add

MESSAGES = 200


@pytest.fixture
def sink():
    mail = MailSink().start()
    yield mail
    mail.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'outbox.db'}"
    return fresh_postgres("outbox")


def test_two_instances_deliver_every_message_exactly_once(database_url, sink):
    upgrade(database_url)
    first, second = Database(database_url), Database(database_url)

    def queue(session):
        for n in range(MESSAGES):
            mail = Mail("order_status", f"shopper{n}@example.com", f"Shopper {n}", f"Order #{n}", "<p>x</p>", "x")
            add(session, mail, domain="studentbooks.test", delivering=True)

    first.write_sync(queue)

    async def both_senders():
        server = SmtpServer.parse(sink.url)
        senders = [MailSender(db, server, "Student Books <shop@studentbooks.test>") for db in (first, second)]
        for sender in senders:
            sender.start()
        deadline = time.monotonic() + 60
        while len(sink.messages()) < MESSAGES and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)  # a repeat would come now
        for sender in senders:
            await sender.stop()

    try:
        # In a thread of its own: a browser test of this worker may hold the main thread's event loop.
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, both_senders()).result()
        counts = sink.by_message_id()
        assert len(counts) == MESSAGES and set(counts.values()) == {1}
        states = first.read_sync(
            lambda s: dict(s.execute(select(OutboxMessage.state, func.count()).group_by(OutboxMessage.state)).all())
        )
        assert states == {"sent": MESSAGES}
        attempts = first.read_sync(lambda s: s.scalar(select(func.max(OutboxMessage.attempts))))
        assert attempts == 1
    finally:
        first.dispose()
        second.dispose()


ORDER_NUMBER = re.compile(r"#(\d+)")


def test_a_server_killed_mid_delivery_delivers_every_committed_orders_mail_after_restart(tmp_path, seeded_sqlite, sink):
    db_file = tmp_path / "shop.db"
    shutil.copyfile(seeded_sqlite[0], db_file)
    products = stocked(f"sqlite:///{db_file}")
    sink.delay = 0.1  # 10 mails a second at most: the burst is still being mailed when the kill lands
    env = {"SMTP_URL": sink.url, "MAIL_LEASE_SEC": "2", "MAIL_RETRY_SCALE": "0.2"}
    server, base = start_server(db_file, seeded_sqlite[1], **env)
    placed = []
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            for n in range(40):
                product_id, price = products[n % len(products)]
                items = [{"id": product_id, "qty": 1, "price": price}]
                answer = http.post("/api/checkout", json={**BUYER, "email": f"s{n}@example.com", "items": items})
                assert answer.status_code == 201, answer.text
                placed.append(answer.json()["orderNo"])
        sink.wait_for(5)
        assert len(sink.messages()) < len(placed), "the kill must land while mail is still being delivered"
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
    delivered_before = len(sink.messages())
    server, base = start_server(db_file, seeded_sqlite[1], **env)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            numbers = {int(ORDER_NUMBER.search(m["Subject"]).group(1)) for m in sink.messages()}
            if numbers >= set(placed):
                break
            time.sleep(0.2)
        assert numbers >= set(placed), f"{len(set(placed) - numbers)} committed orders were never mailed"
    finally:
        server.terminate()
        server.wait(timeout=10)
    by_order: dict[int, set[str]] = {}
    for message in sink.messages():
        by_order.setdefault(int(ORDER_NUMBER.search(message["Subject"]).group(1)), set()).add(message["Message-ID"])
    assert all(len(ids) == 1 for ids in by_order.values()), "a repeat came with a different Message-ID"
    assert delivered_before < len(placed)

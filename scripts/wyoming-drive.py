#!/usr/bin/env python3
"""Drives a Wyoming server with the `wyoming` package's own client and event classes.

    wyoming-drive.py URI < STEPS

URI is tcp://HOST:PORT or unix://PATH. STEPS are JSON lines, each one step:

    {"describe": true}                      Describe → reads up to Info
    {"transcript": "next step"}             Transcript → reads up to Handled, NotHandled or Error
    {"transcript": "2", "context": "last"}  ... with the context of the last Handled received
    {"transcript": "2", "context": {...}}   ... with that context
    {"recognize": "next step"}              Recognize → reads up to Intent, NotRecognized or Error
    {"ping": "hi"}                          Ping → reads up to Pong
    {"reconnect": true}                     a new connection, as Home Assistant opens one per request

Prints every event received as one JSON line, {"type": ..., "data": ...} with sorted keys, each
read back through its class in the package (Info.from_event(...).event(), ...) so what is printed
is what the package understands; {"closed": true} when the server closes the connection. Exit
status 0, or 1 when a read takes over 10 s.
"""
import asyncio
import json
import sys

from wyoming.asr import Transcript
from wyoming.client import AsyncClient
from wyoming.error import Error
from wyoming.handle import Handled, HandledChunk, HandledStart, HandledStop, NotHandled
from wyoming.info import Describe, Info
from wyoming.intent import Intent, NotRecognized, Recognize
from wyoming.ping import Ping, Pong

CLASSES = [Info, Handled, NotHandled, HandledStart, HandledChunk, HandledStop, Intent, NotRecognized, Pong, Error]
ENDS = {"describe": ("info",), "transcript": ("handled", "not-handled", "error"),
        "recognize": ("intent", "not-recognized", "error"), "ping": ("pong",)}


def printed(event):
    for cls in CLASSES:
        if cls.is_type(event.type):
            event = cls.from_event(event).event()
            break
    print(json.dumps({"type": event.type, "data": event.data}, sort_keys=True, ensure_ascii=False), flush=True)


async def main(uri):
    client = AsyncClient.from_uri(uri, read_timeout=10)
    await client.connect()
    context = None
    for line in sys.stdin:
        if not line.strip():
            continue
        step = json.loads(line)
        if "reconnect" in step:
            await client.disconnect()
            client = AsyncClient.from_uri(uri, read_timeout=10)
            await client.connect()
            continue
        kind = next(k for k in ENDS if k in step)
        if kind == "describe":
            event = Describe().event()
        elif kind == "transcript":
            given = step.get("context")
            event = Transcript(step["transcript"], context=context if given == "last" else given).event()
        elif kind == "recognize":
            event = Recognize(step["recognize"]).event()
        else:
            event = Ping(step["ping"]).event()
        await client.write_event(event)
        streamed = False
        while True:
            received = await client.read_event()
            if received is None:
                print(json.dumps({"closed": True}), flush=True)
                return
            printed(received)
            if received.type in ("handled", "handled-start") and received.data.get("context"):
                context = received.data["context"]
            streamed = streamed or received.type == "handled-start"
            # A streamed answer ends at handled-stop (its handled comes before, for older readers).
            if received.type == "handled-stop" or (received.type in ENDS[kind] and not (streamed and received.type == "handled")):
                break
    await client.disconnect()


if __name__ == "__main__":
    try:
        asyncio.run(main(sys.argv[1]))
    except asyncio.TimeoutError:
        print("wyoming-drive: no event within 10 s", file=sys.stderr)
        sys.exit(1)

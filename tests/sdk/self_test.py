"""The self-test that starts every check_exports.py run: known-bad bodies that must be
rejected, each by the layer (walker or pydantic) and at the JSON path expected, so that a
walker that accepts everything fails it; and known-good ones that must pass.
"""

from __future__ import annotations

import json

from strict_walk import Walker
from targets import FORMATS, describe, judge, pydantic_problems


def _openai_good():
    return {
        "model": "gpt-4-turbo",
        "messages": [
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": [
                {"type": "text", "text": "What is this?"},
                {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}},
            ]},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "function",
                 "function": {"name": "measure", "arguments": "{\"x\":1.0}"}},
            ]},
            {"role": "tool", "tool_call_id": "call_1", "content": "ok: 3.0"},
            {"role": "assistant", "content": "Done."},
        ],
        "tools": [
            {"type": "function", "function": {
                "name": "measure", "description": "Measures",
                "parameters": {"type": "object", "properties": {"x": {"type": "number"}}}}},
        ],
    }


def _responses_good():
    return {
        "model": "gpt-5",
        "instructions": "Be brief.",
        "input": [
            {"role": "user", "content": [
                {"type": "input_text", "text": "What is this?"},
                {"type": "input_image", "image_url": "https://example.com/a.png", "detail": "auto"},
            ]},
            {"role": "assistant", "content": "Measuring."},
            {"type": "function_call", "call_id": "call_1", "name": "measure", "arguments": "{\"x\":1.0}"},
            {"type": "function_call_output", "call_id": "call_1", "output": "ok: 3.0"},
            {"role": "assistant", "content": "Done."},
        ],
        "tools": [
            {"type": "function", "name": "measure", "description": "Measures",
             "parameters": {"type": "object", "properties": {"x": {"type": "number"}}}, "strict": False},
        ],
    }


def _anthropic_good():
    return {
        "model": "claude-sonnet-4-5",
        "max_tokens": 4096,
        "system": "Be brief.",
        "messages": [
            {"role": "user", "content": [
                {"type": "text", "text": "What is this?"},
                {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}},
                {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}},
            ]},
            {"role": "assistant", "content": [
                {"type": "text", "text": "Measuring."},
                {"type": "tool_use", "id": "call_1", "name": "measure", "input": {"x": 1.0, "big": 12345678901234567890123}},
            ]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "call_1", "content": "sensor offline", "is_error": True},
                {"type": "text", "text": "Try again?"},
            ]},
        ],
        "tools": [
            {"name": "measure", "description": "Measures",
             "input_schema": {"type": "object", "properties": {"x": {"type": "number", "minimum": -1e-3}}}},
            {"name": "bare", "input_schema": {"type": "object", "properties": {}}},
        ],
    }


def _mcp_good():
    return {
        "messages": [
            {"role": "user", "content": {"type": "text", "text": "Be brief."}},
            {"role": "user", "content": {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}},
            {"role": "user", "content": {"type": "audio", "data": "UklGRg==", "mimeType": "audio/wav"}},
            {"role": "user", "content": {"type": "resource_link", "uri": "https://example.com/a.png", "name": "a.png"}},
            {"role": "assistant", "content": {"type": "text", "text": "[Tool call call_1] measure {\"x\":1.0}"}},
        ],
    }


def _edit(body, path, value=None, delete=False):
    *head, last = path
    target = body
    for part in head:
        target = target[part]
    if delete:
        del target[last]
    else:
        target[last] = value
    return body


NO_MODEL_WARNING = 'warning model: no model given; the request has no "model" key\n'

# (format, name, body maker, stderr, expected): expected is "ok", "ok: <note>", or
# (layer, path) for a rejection: the layer that must report it and the JSON path it must name.
def _cases():
    O, R, A, M = _openai_good, _responses_good, _anthropic_good, _mcp_good
    return [
        ("openai", "good request", O, "", "ok"),
        ("openai", "no model, warned", lambda: _edit(O(), ["model"], delete=True), NO_MODEL_WARNING,
         "ok: no model: warned"),
        ("openai", "no model, not warned", lambda: _edit(O(), ["model"], delete=True), "",
         ("walker", ())),
        ("openai", "unknown key deep in a part", lambda: _edit(O(), ["messages", 1, "content", 1, "image_url", "alt"], "x"),
         "", ("walker", ("messages", 1, "content", 1, "image_url", "alt"))),
        ("openai", "unknown key in a message", lambda: _edit(O(), ["messages", 3, "name_of_tool"], "x"),
         "", ("walker", ("messages", 3, "name_of_tool"))),
        ("openai", "content part of a wrong type", lambda: _edit(O(), ["messages", 1, "content", 0, "type"], "picture"),
         "", ("walker", ("messages", 1, "content", 0, "type"))),
        ("openai", "unknown role", lambda: _edit(O(), ["messages", 0, "role"], "narrator"),
         "", ("walker", ("messages", 0, "role"))),
        ("openai", "unknown key in a tool call's function", lambda: _edit(O(), ["messages", 2, "tool_calls", 0, "function", "input"], {}),
         "", ("walker", ("messages", 2, "tool_calls", 0, "function", "input"))),
        ("openai", "arguments as an object", lambda: _edit(O(), ["messages", 2, "tool_calls", 0, "function", "arguments"], {"x": 1}),
         "", ("walker", ("messages", 2, "tool_calls", 0, "function", "arguments"))),
        ("openai", "tool without its function wrapper", lambda: _edit(O(), ["tools", 0, "parameters"], {}),
         "", ("walker", ("tools", 0, "parameters"))),
        ("openai", "missing tool_call_id", lambda: _edit(O(), ["messages", 3, "tool_call_id"], delete=True),
         "", ("walker", ("messages", 3))),
        ("openai", "top-level unknown key", lambda: _edit(O(), ["warnings"], []), "", ("walker", ("warnings",))),
        ("responses", "good request", R, "", "ok"),
        ("responses", "unknown key deep in a part", lambda: _edit(R(), ["input", 0, "content", 1, "alt"], "x"),
         "", ("walker", ("input", 0, "content", 1, "alt"))),
        ("responses", "Chat's part type", lambda: _edit(R(), ["input", 0, "content", 0, "type"], "text"),
         "", ("walker", ("input", 0, "content", 0, "type"))),
        ("responses", "unknown role", lambda: _edit(R(), ["input", 1, "role"], "narrator"),
         "", ("walker", ("input", 1, "role"))),
        ("responses", "arguments as an object", lambda: _edit(R(), ["input", 2, "arguments"], {"x": 1}),
         "", ("walker", ("input", 2, "arguments"))),
        ("responses", "function_call_output without its output", lambda: _edit(R(), ["input", 3, "output"], delete=True),
         "", ("walker", ("input", 3))),
        ("responses", "Chat's tool with a function wrapper", lambda: _edit(R(), ["tools", 0, "function"], {}),
         "", ("walker", ("tools", 0, "function"))),
        ("responses", "strict as a string", lambda: _edit(R(), ["tools", 0, "strict"], "false"),
         "", ("walker", ("tools", 0, "strict"))),
        ("responses", "top-level unknown key", lambda: _edit(R(), ["messages"], []), "", ("walker", ("messages",))),
        ("anthropic", "good request", A, "", "ok"),
        ("anthropic", "no model, warned", lambda: _edit(A(), ["model"], delete=True), NO_MODEL_WARNING,
         "ok: no model: warned"),
        ("anthropic", "missing max_tokens", lambda: _edit(A(), ["max_tokens"], delete=True), "", ("walker", ())),
        ("anthropic", "max_tokens as a string", lambda: _edit(A(), ["max_tokens"], "4096"), "", ("walker", ("max_tokens",))),
        ("anthropic", "unknown key deep in a block", lambda: _edit(A(), ["messages", 1, "content", 1, "arguments"], "{}"),
         "", ("walker", ("messages", 1, "content", 1, "arguments"))),
        ("anthropic", "block of a wrong type", lambda: _edit(A(), ["messages", 1, "content", 1, "type"], "tool_call"),
         "", ("walker", ("messages", 1, "content", 1, "type"))),
        ("anthropic", "image media type the API lacks", lambda: _edit(A(), ["messages", 0, "content", 1, "source", "media_type"], "image/svg+xml"),
         "", ("walker", ("messages", 0, "content", 1, "source", "media_type"))),
        ("anthropic", "unknown key in an image source", lambda: _edit(A(), ["messages", 0, "content", 2, "source", "alt"], "x"),
         "", ("walker", ("messages", 0, "content", 2, "source", "alt"))),
        ("anthropic", "tool_result content as an object", lambda: _edit(A(), ["messages", 2, "content", 0, "content"], {"text": "x"}),
         "", ("walker", ("messages", 2, "content", 0, "content"))),
        ("anthropic", "is_error as a string", lambda: _edit(A(), ["messages", 2, "content", 0, "is_error"], "true"),
         "", ("walker", ("messages", 2, "content", 0, "is_error"))),
        ("anthropic", "content as one block, not an array", lambda: _edit(A(), ["messages", 0, "content"], {"type": "text", "text": "x"}),
         "", ("walker", ("messages", 0, "content"))),
        ("anthropic", "OpenAI-style tool", lambda: _edit(A(), ["tools", 0, "parameters"], {}), "", ("walker", ("tools", 0, "parameters"))),
        ("anthropic", "system as an object", lambda: _edit(A(), ["system"], {"text": "x"}), "", ("walker", ("system",))),
        ("mcp", "good prompt", M, "", "ok"),
        ("mcp", "system role", lambda: _edit(M(), ["messages", 0, "role"], "system"), "", ("walker", ("messages", 0, "role"))),
        ("mcp", "content as an array", lambda: _edit(M(), ["messages", 0, "content"], [{"type": "text", "text": "x"}]),
         "", ("walker", ("messages", 0, "content"))),
        ("mcp", "unknown key in a block", lambda: _edit(M(), ["messages", 1, "content", "alt"], "x"),
         "", ("walker", ("messages", 1, "content", "alt"))),
        ("mcp", "python name instead of the wire name", lambda: _edit(M(), ["messages", 1, "content", "mime_type"], "image/png"),
         "", ("walker", ("messages", 1, "content", "mime_type"))),
        ("mcp", "missing mimeType", lambda: _edit(M(), ["messages", 2, "content", "mimeType"], delete=True),
         "", ("walker", ("messages", 2, "content"))),
        ("mcp", "tool_use block (not a prompt block)", lambda: _edit(M(), ["messages", 4, "content"], {"type": "tool_use", "id": "c", "name": "n", "input": {}}),
         "", ("walker", ("messages", 4, "content", "type"))),
        ("mcp", "block without its type", lambda: _edit(M(), ["messages", 0, "content", "type"], delete=True),
         "", ("walker", ("messages", 0, "content"))),
        ("mcp", "unknown key in a message", lambda: _edit(M(), ["messages", 0, "name"], "x"), "", ("walker", ("messages", 0, "name"))),
        ("mcp", "top-level unknown key", lambda: _edit(M(), ["warnings"], []), "", ("walker", ("warnings",))),
        ("mcp", "annotation priority out of range (pydantic's catch)",
         lambda: _edit(M(), ["messages", 0, "content", "annotations"], {"priority": 5}), "", ("pydantic", None)),
    ]


# Cases whose value error pydantic alone must see as well, deep inside lazily validated
# Iterables (messages, content): proves that its layer is not a no-op either.
PYDANTIC_MUST_REJECT = {
    ("openai", "unknown role"),
    ("openai", "arguments as an object"),
    ("responses", "arguments as an object"),
    ("anthropic", "max_tokens as a string"),
    ("anthropic", "is_error as a string"),
    ("mcp", "system role"),
}


def self_test(verbose: bool) -> tuple:
    """Runs every case; returns (number of cases, list of failure messages)."""
    walker = Walker()
    failures = []
    cases = _cases()
    for fmt, name, make, stderr, expected in cases:
        body = make()
        verdict = judge(fmt, json.dumps(body, ensure_ascii=False), stderr, walker)
        got = "; ".join(describe(p, fmt) for p in verdict.problems) or "accepted"
        if isinstance(expected, str):
            want_note = expected[4:] if expected.startswith("ok: ") else ""
            good = verdict.ok and verdict.note == want_note
        else:
            layer, path = expected
            good = (not verdict.ok) and any(
                p[0] == layer and (path is None or tuple(p[2]) == path) for p in verdict.problems)
            if path is not None and layer == "walker":
                # The walker alone, too, on the first target: it must name the path itself.
                alone = [p for p, _ in walker.check(body, FORMATS[fmt][0].type)]
                good = good and path in alone
            if (fmt, name) in PYDANTIC_MUST_REJECT and not pydantic_problems(body, FORMATS[fmt][0].type):
                good = False
                got += " (but pydantic alone accepted it)"
        if verbose:
            print(f"self-test {'ok  ' if good else 'FAIL'} {fmt} {name}: {got}")
        if not good:
            failures.append(f"{fmt} {name}: expected {expected}, got {got}")
    if walker.nodes < 100:
        failures.append(f"the walker visited only {walker.nodes} values over the self-test")
    return len(cases), failures

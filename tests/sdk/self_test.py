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


def _gemini_good():
    # Shaped as DECISIONS §14's export writes it: one text part per segment, inlineData from a
    # data: url, fileData from an https or gs url, functionCall with and without id,
    # functionResponse with {"output"}, {"error"} and a JSON-object result, parametersJsonSchema.
    return {
        "systemInstruction": {"parts": [{"text": "Be brief."}]},
        "contents": [
            {"role": "user", "parts": [
                {"text": "What is this?"},
                {"inlineData": {"mimeType": "image/png", "data": "iVBORw0KGgo="}},
                {"fileData": {"mimeType": "image/jpeg", "fileUri": "https://example.com/a.jpg"}},
                {"fileData": {"mimeType": "video/mp4", "fileUri": "gs://bucket/clip.mp4"}},
            ]},
            {"role": "model", "parts": [
                {"text": "Measuring."},
                {"functionCall": {"id": "toolu_1", "name": "measure", "args": {"x": 1.0, "big": 12345678901234567890123}}},
                {"functionCall": {"name": "lookup", "args": {}}},
            ]},
            {"role": "user", "parts": [
                {"functionResponse": {"id": "toolu_1", "name": "measure", "response": {"output": "ok: 3.0"}}},
                {"functionResponse": {"name": "lookup", "response": {"error": "sensor offline"}}},
                {"text": "Try again?"},
            ]},
            {"role": "model", "parts": [{"text": "Done."}]},
        ],
        "tools": [{"functionDeclarations": [
            {"name": "measure", "description": "Measures",
             "parametersJsonSchema": {"type": "object", "properties": {"x": {"type": "number", "minimum": -1e-3}}}},
            {"name": "lookup", "parametersJsonSchema": {"type": "object", "properties": {}}},
        ]}],
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
    O, R, A, M, G = _openai_good, _responses_good, _anthropic_good, _mcp_good, _gemini_good
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
        ("gemini", "good request", G, "", "ok"),
        ("gemini", "no model key, pep's notice on stderr (the model is in the URL)", G, NO_MODEL_WARNING, "ok"),
        ("gemini", "standard base64 with + and / (pydantic writes it back URL-safe)",
         lambda: _edit(G(), ["contents", 0, "parts", 1, "inlineData", "data"], "AY89a1/YLTii+w=="), "", "ok"),
        ("gemini", "a model key", lambda: _edit(G(), ["model"], "gemini-2.5-flash"), "", ("walker", ("model",))),
        ("gemini", "snake_case top-level key", lambda: _edit(G(), ["system_instruction"], G()["systemInstruction"]),
         "", ("walker", ("system_instruction",))),
        ("gemini", "snake_case key deep in a part",
         lambda: _edit(G(), ["contents", 0, "parts", 1, "inlineData"], {"mime_type": "image/png", "data": "iVBORw0KGgo="}),
         "", ("walker", ("contents", 0, "parts", 1, "inlineData", "mime_type"))),
        ("gemini", "snake_case part key", lambda: _edit(G(), ["contents", 0, "parts", 2], {"file_data": {"mimeType": "image/jpeg", "fileUri": "gs://b/a.jpg"}}),
         "", ("walker", ("contents", 0, "parts", 2, "file_data"))),
        ("gemini", "unknown key in a part", lambda: _edit(G(), ["contents", 0, "parts", 0, "alt"], "x"),
         "", ("walker", ("contents", 0, "parts", 0, "alt"))),
        ("gemini", "parameters as a string", lambda: _edit(G(), ["tools", 0, "functionDeclarations", 0, "parameters"], "object"),
         "", ("walker", ("tools", 0, "functionDeclarations", 0, "parameters"))),
        ("gemini", "args as a JSON string", lambda: _edit(G(), ["contents", 1, "parts", 1, "functionCall", "args"], "{\"x\":1}"),
         "", ("walker", ("contents", 1, "parts", 1, "functionCall", "args"))),
        ("gemini", "response as a bare string", lambda: _edit(G(), ["contents", 2, "parts", 0, "functionResponse", "response"], "ok: 3.0"),
         "", ("walker", ("contents", 2, "parts", 0, "functionResponse", "response"))),
        ("gemini", "inlineData that is not base64", lambda: _edit(G(), ["contents", 0, "parts", 1, "inlineData", "data"], "not base64!"),
         "", ("walker", ("contents", 0, "parts", 1, "inlineData", "data"))),
        ("gemini", "systemInstruction null", lambda: _edit(G(), ["systemInstruction"], None), "", ("walker", ("systemInstruction",))),
        ("gemini", "contents as one object", lambda: _edit(G(), ["contents"], G()["contents"][0]), "", ("walker", ("contents",))),
        ("gemini", "role assistant", lambda: _edit(G(), ["contents", 1, "role"], "assistant"), "", ("wire", ("contents", 1, "role"))),
        ("gemini", "two data in one part", lambda: _edit(G(), ["contents", 0, "parts", 0, "inlineData"], {"mimeType": "image/png", "data": "iVBORw0KGgo="}),
         "", ("wire", ("contents", 0, "parts", 0))),
        ("gemini", "a turn without parts", lambda: _edit(G(), ["contents", 3, "parts"], []), "", ("wire", ("contents", 3))),
        ("gemini", "a tool name the API refuses (a slash)",
         lambda: _edit(G(), ["tools", 0, "functionDeclarations", 1, "name"], "files/lookup"),
         "", ("wire", ("tools", 0, "functionDeclarations", 1, "name"))),
        ("gemini", "functionResponse without its response",
         lambda: _edit(G(), ["contents", 2, "parts", 1, "functionResponse", "response"], delete=True),
         "", ("wire", ("contents", 2, "parts", 1, "functionResponse"))),
    ]


# Cases whose value error pydantic alone must see as well, deep inside lazily validated
# Iterables (messages, content), or (gemini) in the JSON text it validates and dumps back:
# proves that its layer is not a no-op either.
PYDANTIC_MUST_REJECT = {
    ("openai", "unknown role"),
    ("openai", "arguments as an object"),
    ("responses", "arguments as an object"),
    ("anthropic", "max_tokens as a string"),
    ("anthropic", "is_error as a string"),
    ("mcp", "system role"),
    ("gemini", "snake_case key deep in a part"),
    ("gemini", "parameters as a string"),
    ("gemini", "response as a bare string"),
    ("gemini", "inlineData that is not base64"),
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
            first = FORMATS[fmt][0]
            if (fmt, name) in PYDANTIC_MUST_REJECT and not pydantic_problems(body, first.type, first.json_mode):
                good = False
                got += " (but pydantic alone accepted it)"
        if verbose:
            print(f"self-test {'ok  ' if good else 'FAIL'} {fmt} {name}: {got}")
        if not good:
            failures.append(f"{fmt} {name}: expected {expected}, got {got}")
    if walker.nodes < 100:
        failures.append(f"the walker visited only {walker.nodes} values over the self-test")
    return len(cases), failures

"""The self-test that starts every check_otel.py run: known-good exports that must pass every
judge, and known-bad ones that must be rejected at the JSON path expected by exactly the judges
expected (so a judge that accepts everything fails it, and so does a strict copy that is no
stricter than the published schema); plus checks of the machinery itself: every strict copy
really differs from its published schema, the published validators assert no `format`, and a
$ref outside the offline registry is refused, never fetched.
"""

from __future__ import annotations

import copy
import json

from jsonschema.validators import validator_for

import otel_judge
from otel_judge import REFUSED, REGISTRY, SchemaSetupError, describe, fmt_path, merge

SI, IN, TOOLS = "gen_ai.system_instructions", "gen_ai.input.messages", "gen_ai.tool.definitions"


def _example():
    """The export of the brief (docs of `pep export --to otel`): every part kind pep emits."""
    return {
        SI: [{"type": "text", "content": "Be brief."}],
        IN: [
            {"role": "user", "parts": [
                {"type": "text", "content": "hi"},
                {"type": "uri", "modality": "image", "uri": "https://x/cat.png"},
                {"type": "blob", "modality": "image", "mime_type": "image/png", "content": "iVBORw0KGgo="},
            ]},
            {"role": "assistant", "parts": [
                {"type": "text", "content": "Looking it up."},
                {"type": "tool_call", "id": "call_1", "name": "get_weather", "arguments": {"city": "Paris"}},
            ]},
            {"role": "tool", "parts": [{"type": "tool_call_response", "id": "call_1", "response": "18 C"}]},
        ],
        TOOLS: [{"type": "function", "name": "get_weather", "description": "Weather by city",
                 "parameters": {"type": "object", "properties": {}}}],
    }


def _one_part(part, role="user"):
    return {IN: [{"role": role, "parts": [part]}]}


def _edit(body, path, value=None, delete=False):
    *head, last = path
    target = body
    for step in head:
        target = target[step]
    if delete:
        del target[last]
    else:
        target[last] = value
    return body


def _reorder(body):
    body[SI] = body.pop(SI)  # now last
    return body


# (name, body maker, expected): expected is "ok", or (path, judges): the problems must name
# `path` for each judge in `judges`, and no other judge may report anything. A maker returning a
# str is taken as pep's raw stdout.
def _cases():
    E = _example
    return [
        ("the brief's example", E, "ok"),
        ("empty input list", lambda: {IN: []}, "ok"),
        ("audio blob", lambda: _one_part({"type": "blob", "modality": "audio", "mime_type": "audio/wav",
                                          "content": "UklGRg=="}), "ok"),
        ("audio uri", lambda: _one_part({"type": "uri", "modality": "audio", "uri": "https://x/a.mp3"}), "ok"),
        ("video uri, null mime_type", lambda: _one_part({"type": "uri", "modality": "video", "mime_type": None,
                                                         "uri": "gs://b/v.mp4"}), "ok"),
        ("system role; tool_call with null id and string arguments; bare tool", lambda: {
            SI: [{"type": "text", "content": "a"}, {"type": "text", "content": "b"}],
            IN: [{"role": "system", "parts": [{"type": "text", "content": ""}]},
                 {"role": "assistant", "parts": [{"type": "tool_call", "id": None, "name": "f", "arguments": "{}"}]},
                 {"role": "tool", "parts": [{"type": "tool_call_response", "response": {"ok": [1, None]}}]}],
            TOOLS: [{"type": "function", "name": "f"},
                    {"type": "function", "name": "g", "description": None, "parameters": {
                        "type": "object", "properties": {"city": {"type": "string", "enum": ["Paris"]}},
                        "required": ["city"], "additionalProperties": False}}],
        }, "ok"),
        ("text part without content", lambda: _edit(E(), [IN, 0, "parts", 0, "content"], delete=True),
         ("gen_ai.input.messages[0].parts[0].content", {"strict"})),
        ("part of an unknown type", lambda: _edit(E(), [IN, 0, "parts", 0], {"type": "thinking", "content": "x"}),
         ("gen_ai.input.messages[0].parts[0].type", {"strict"})),
        ("extra key in a message", lambda: _edit(E(), [IN, 1, "metadata"], {}),
         ("gen_ai.input.messages[1].metadata", {"strict"})),
        ("uri part without modality", lambda: _edit(E(), [IN, 0, "parts", 1, "modality"], delete=True),
         ("gen_ai.input.messages[0].parts[1].modality", {"strict"})),
        ("blob without content", lambda: _edit(E(), [IN, 0, "parts", 2, "content"], delete=True),
         ("gen_ai.input.messages[0].parts[2].content", {"strict"})),
        ("blob content not base64", lambda: _edit(E(), [IN, 0, "parts", 2, "content"], "not base64!"),
         ("gen_ai.input.messages[0].parts[2].content", {"strict"})),
        ("blob content a number", lambda: _edit(E(), [IN, 0, "parts", 2, "content"], 5),
         ("gen_ai.input.messages[0].parts[2].content", {"strict"})),
        ("extra key in a blob (BlobPart declares no additionalProperties)",
         lambda: _edit(E(), [IN, 0, "parts", 2, "data"], "iVBORw0KGgo="),
         ("gen_ai.input.messages[0].parts[2].data", {"strict"})),
        ("tool_call without name", lambda: _edit(E(), [IN, 1, "parts", 1, "name"], delete=True),
         ("gen_ai.input.messages[1].parts[1].name", {"strict"})),
        ("tool_call_response without response", lambda: _edit(E(), [IN, 2, "parts", 0, "response"], delete=True),
         ("gen_ai.input.messages[2].parts[0].response", {"strict"})),
        ("unknown role", lambda: _edit(E(), [IN, 0, "role"], "developer"), ("gen_ai.input.messages[0].role", {"strict"})),
        ("unknown modality", lambda: _edit(E(), [IN, 0, "parts", 1, "modality"], "document"),
         ("gen_ai.input.messages[0].parts[1].modality", {"strict"})),
        ("server tool call (only a catch-all in the schema)", lambda: _one_part(
            {"type": "server_tool_call", "name": "web_search", "server_tool_call": {"type": "web_search"}}, "assistant"),
         ("gen_ai.input.messages[0].parts[0].server_tool_call", {"strict"})),
        ("system instruction of an unknown type", lambda: _edit(E(), [SI, 0, "type"], "instruction"),
         ("gen_ai.system_instructions[0].type", {"strict"})),
        ("tool definition of an unknown type", lambda: _edit(E(), [TOOLS, 0, "type"], "mcp"),
         ("gen_ai.tool.definitions[0].type", {"strict"})),
        ("extra key in a tool definition", lambda: _edit(E(), [TOOLS, 0, "strict"], True),
         ("gen_ai.tool.definitions[0].strict", {"strict"})),
        ("tool parameters not a draft-07 schema", lambda: _edit(E(), [TOOLS, 0, "parameters", "type"], 5),
         ("gen_ai.tool.definitions[0].parameters.type", {"strict"})),
        ("tool definition without name", lambda: _edit(E(), [TOOLS, 0, "name"], delete=True),
         ("gen_ai.tool.definitions[0].name", {"published", "strict"})),
        ("part without type", lambda: _edit(E(), [IN, 0, "parts", 1, "type"], delete=True),
         ("gen_ai.input.messages[0].parts[1].type", {"published", "strict"})),
        ("message without parts", lambda: _edit(E(), [IN, 2, "parts"], delete=True),
         ("gen_ai.input.messages[2].parts", {"published", "strict"})),
        ("role a number", lambda: _edit(E(), [IN, 0, "role"], 5), ("gen_ai.input.messages[0].role", {"published", "strict"})),
        ("part a string", lambda: _edit(E(), [IN, 0, "parts", 0], "hi"),
         ("gen_ai.input.messages[0].parts[0]", {"published", "strict"})),
        ("input messages an object", lambda: _edit(E(), [IN], {"role": "user"}),
         ("gen_ai.input.messages", {"published", "strict"})),
        ("extra top-level key", lambda: _edit(E(), ["gen_ai.request.model"], "gpt-5"),
         ("gen_ai.request.model", {"shape"})),
        ("missing gen_ai.input.messages", lambda: _edit(E(), [IN], delete=True), ("gen_ai.input.messages", {"shape"})),
        ("empty system instructions", lambda: _edit(E(), [SI], []), ("gen_ai.system_instructions", {"shape"})),
        ("empty tool definitions", lambda: _edit(E(), [TOOLS], []), ("gen_ai.tool.definitions", {"shape"})),
        ("keys out of order", lambda: _reorder(E()), ("(root)", {"shape"})),
        ("duplicate key", lambda: '{"gen_ai.input.messages": [], "gen_ai.input.messages": []}', ("(root)", {"shape"})),
        ("not JSON", lambda: '{"gen_ai.input.messages": []', ("(root)", {"shape"})),
        ("NaN (not JSON)", lambda: '{"gen_ai.input.messages": [{"role": NaN, "parts": []}]}', ("(root)", {"shape"})),
        ("an array, not an object", lambda: "[]", ("(root)", {"shape"})),
    ]


def _machinery(judges) -> list:
    """Failures of the checks that are not about one body."""
    failures = []
    for key, stats in judges.stats.items():
        if not stats["catch_alls"] or not stats["closed"]:
            failures.append(f"strict copy of {key} changed nothing the check relies on: {stats}")
    for key, (published, strict) in judges.validators.items():
        if published.format_checker is not None:
            failures.append(f"the published validator of {key} asserts formats")
        if strict.format_checker is not otel_judge.BASE64_CHECKER:
            failures.append(f"the strict validator of {key} lacks the base64 check")
    if judges.drafts != {"Draft202012Validator"}:
        failures.append(f"validator_for picked {sorted(judges.drafts)}, not Draft202012Validator (a $schema appeared?)")
    before = len(REFUSED)
    probe = {"$ref": "https://example.invalid/otel-check-probe.json"}
    try:
        validator_for(probe)(probe, registry=REGISTRY).is_valid({})
        failures.append("a $ref outside the offline registry resolved: the network may be used")
    except Exception as e:  # jsonschema wraps the refusal in its referencing errors
        chain = []
        while e is not None and len(chain) < 10:
            chain.append(e)
            e = e.__cause__ or e.__context__
        if len(REFUSED) != before + 1 or not any(isinstance(c, SchemaSetupError) for c in chain):
            failures.append(f"the remote $ref probe failed otherwise: {chain[0]!r}")
    del REFUSED[before:]
    return failures


def self_test(judges, verbose: bool) -> tuple:
    """Runs every case; returns (number of cases, list of failure messages)."""
    failures = _machinery(judges)
    cases = _cases()
    rejected_by = set()
    for name, make, expected in cases:
        body = make()
        text = body if isinstance(body, str) else json.dumps(copy.deepcopy(body), ensure_ascii=False)
        try:
            problems = merge(judges.judge(text))
        except Exception as e:  # a judge that raises is a failure of the check, not a verdict
            failures.append(f"{name}: the judge raised {e!r:.300}")
            continue
        got = "; ".join(describe(p) for p in problems) or "accepted"
        if expected == "ok":
            good = not problems
        else:
            path, want = expected
            reporting = {j for _, _, js in problems for j in js}
            at_path = {j for p, _, js in problems if fmt_path(p) == path for j in js}
            good = reporting == want and at_path == want
            rejected_by |= at_path
        if verbose:
            print(f"self-test {'ok  ' if good else 'FAIL'} {name}: {got}")
        if not good:
            failures.append(f"{name}: expected {expected}, got {got}")
    for judge in ("shape", "published", "strict"):
        if judge not in rejected_by:
            failures.append(f"the {judge} judge rejected no case: it cannot be shown to fail")
    if REFUSED:
        failures.append(f"$refs outside the offline registry were asked for: {REFUSED}")
    return len(cases), failures

#!/usr/bin/env python3
"""Judges the JSON that `pep export --to otel FILE` prints against the OpenTelemetry GenAI
semantic conventions' own JSON schemas (v1.41.0, vendored unmodified in semconv-v1.41.0/; see
its SOURCE.md), as published and strictly.

    check_otel.py --pep PATH_TO_PEP [-v] FILE...
    check_otel.py --self-test [-v]

Run it with the venv of scripts/sdk-venv.sh (tests/sdk/requirements.txt pins jsonschema 4.26.0,
referencing and jsonschema-specifications); normally through scripts/otel-check.sh. For each
FILE it runs `PEP export --to otel FILE` (exit 0 expected; stdout is the export, stderr the
warnings). stdout must be a JSON object (no duplicate keys, no NaN) with at most these keys, in
this order:

    gen_ai.system_instructions   only when non-empty   gen-ai-system-instructions.json
    gen_ai.input.messages        always (may be [])    gen-ai-input-messages.json
    gen_ai.tool.definitions      only when non-empty   gen-ai-tool-definitions.json

That much is the "shape" judge (by hand). Each value is then judged against its schema by two
more judges, both of which must pass:

1. "published": the schema as published. The files declare no `$schema`, so
   `jsonschema.validators.validator_for` gives jsonschema's latest draft, 2020-12 (the files
   use `$defs` and `const`; pydantic writes them so). check_schema runs on each. No format is
   asserted (in 2020-12 `format` is an annotation; the only one used is BlobPart.content's
   "binary"), so `format` decides nothing here. FunctionToolDefinition.parameters is
   `{"$ref": "http://json-schema.org/draft-07/schema#"}`: it resolves from
   jsonschema-specifications' offline registry; any other remote $ref is refused (an error),
   never fetched, and the offline lookup of the draft-07 meta-schema is verified at load.
   This judge is lax by design: GenericPart (any object with a string `type`) and
   GenericToolDefinition are members of the unions, so e.g. a text part without `content`
   passes it as a GenericPart.
2. "strict": a copy made at load time (otel_judge.strict_copy): every `additionalProperties:
   true`, and the missing one of BlobPart, becomes `false` (no unknown key at any depth, as
   tests/sdk does); GenericPart, GenericServerToolCall, GenericServerToolCallResponse and
   GenericToolDefinition leave every anyOf/oneOf (ServerToolCallPart.server_tool_call, whose
   only member was GenericServerToolCall, becomes `oneOf: [false]`: never valid), so each part
   is one of the standard part types with its required fields; the open `{"type": "string"}`
   beside the Role and Modality enums goes (roles system, user, assistant, tool; modalities
   image, video, audio); BlobPart.content's "binary" format is asserted as strict base64. The
   draft-07 $ref of `parameters` is left as it is (tool parameter schemas are arbitrary JSON
   Schemas, judged as draft-07 meta-schema instances).

A failure names the JSON path (`gen_ai.input.messages[1].parts[0].content`): an anyOf error is
followed into the member whose `type` tag fits (otel_judge.explain), else the tag is named
against the members'. The sha256 of every vendored file is checked against SOURCE.md first.

Every run starts with the self-test (self_test_otel.py): known-good exports that must pass and
known-bad ones that must be rejected at the path expected by exactly the judges expected, so a
judge that accepts everything, or a strict copy no stricter than the published schema, fails
it. Output: one line per file (`ok   FILE otel` or `FAIL FILE otel: PATH: REASON [JUDGES]`),
then `otel-check: N of M exports ok, K failed (F files)`; exit 1 when anything failed, 2 on usage
errors. Code: otel_judge.py (schemas, strict copy, judging, messages), self_test_otel.py; this
file is the command line.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:  # run by path, by -P or from elsewhere: find the modules beside it
    sys.path.insert(0, _HERE)
sys.dont_write_bytecode = True  # leave no __pycache__ in tests/otel (it is not git-ignored)

_OWN_MODULES = {"otel_judge", "self_test_otel"}

try:
    import jsonschema  # noqa: F401  (the venv check; otel_judge uses it)
    from otel_judge import SEMCONV, Judges, SchemaSetupError, describe, merge
    from self_test_otel import self_test
except ImportError as e:  # pragma: no cover - environment problem
    if e.name in _OWN_MODULES:
        raise
    sys.exit(f"check_otel: {e}; run it with the venv of scripts/sdk-venv.sh")


def run_pep(pep: str, path: str):
    try:
        proc = subprocess.run([pep, "export", "--to", "otel", path], capture_output=True, timeout=120)
    except OSError as e:
        return None, f"cannot run {pep}: {e}"
    except subprocess.TimeoutExpired:
        return None, "pep export timed out"
    if proc.returncode != 0:
        stderr = proc.stderr.decode("utf-8", "replace")
        first = next((line for line in stderr.splitlines() if line.strip()), "")
        return None, f"pep exited {proc.returncode}: {first}"
    try:
        return proc.stdout.decode("utf-8"), None
    except UnicodeDecodeError as e:
        return None, f"stdout is not UTF-8: {e}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pep", help="the pep binary")
    parser.add_argument("--self-test", action="store_true", help="run only the self-test")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every problem and self-test case")
    parser.add_argument("files", nargs="*", metavar="FILE")
    args = parser.parse_args(argv)
    if not args.self_test and (not args.pep or not args.files):
        parser.error("give --pep PATH and at least one FILE (or --self-test)")

    try:
        judges = Judges()
    except (SchemaSetupError, jsonschema.SchemaError, ValueError) as e:
        print(f"check_otel: the vendored schemas cannot be used: {e}", file=sys.stderr)
        return 1
    from importlib.metadata import version
    versions = (f"semconv {SEMCONV}, jsonschema {version('jsonschema')}, "
                f"{', '.join(sorted(judges.drafts))}, draft-07 meta-schema offline")
    try:
        n_cases, failures = self_test(judges, args.verbose)
    except SchemaSetupError as e:
        n_cases, failures = 0, [str(e)]
    if failures:
        for f in failures:
            print(f"FAIL self-test {f}")
        print(f"self-test: {len(failures)} of {n_cases} cases wrong ({versions}); the check cannot be trusted")
        return 1
    print(f"self-test: {n_cases} cases ok ({versions})")
    if args.self_test:
        return 0

    passed = failed = 0
    for path in args.files:
        out, error = run_pep(args.pep, path)
        if error:
            failed += 1
            print(f"FAIL {path} otel: {error}")
            continue
        try:
            problems = merge(judges.judge(out))
        except Exception as e:  # a remote $ref refused mid-validation, or a jsonschema bug: loud
            failed += 1
            print(f"FAIL {path} otel: the judge itself failed: {e!r}")
            continue
        if not problems:
            passed += 1
            print(f"ok   {path} otel")
            continue
        failed += 1
        more = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
        print(f"FAIL {path} otel: {describe(problems[0])}{more}")
        if args.verbose:
            for p in problems[1:]:
                print(f"       {describe(p)}")
    total = passed + failed
    files = f"{len(args.files)} file" + ("s" if len(args.files) != 1 else "")
    print(f"otel-check: {passed} of {total} exports ok, {failed} failed ({files})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

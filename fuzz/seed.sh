#!/usr/bin/env bash
# Seeds each fuzz target's corpus with the demos and test fixtures (and, for markdown, the
# demos' markdown strings and the skill bodies). Run from anywhere; the corpora are not
# committed.
set -euo pipefail
cd "$(dirname "$0")"
for target in parse_validate export_openai import; do
  mkdir -p "corpus/$target"
  cp ../demos/*.json "corpus/$target/"
  find ../tests/fixtures -name '*.json' -exec cp {} "corpus/$target/" \;
done
mkdir -p corpus/markdown
for skill in ../crates/pep-core/skills/*/SKILL.md; do
  cp "$skill" "corpus/markdown/$(basename "$(dirname "$skill")").md"
done
python3 - <<'PY'
import json, glob, hashlib
for path in glob.glob("../demos/demo-*.json"):
    def walk(node):
        if isinstance(node, dict):
            for value in node.values():
                yield from walk(value)
        elif isinstance(node, list):
            for value in node:
                yield from walk(value)
        elif isinstance(node, str) and len(node) > 20:
            yield node
    for text in walk(json.load(open(path, encoding="utf-8"))):
        name = hashlib.sha1(text.encode()).hexdigest()[:16]
        open(f"corpus/markdown/{name}.md", "w", encoding="utf-8").write(text)
PY
echo "corpora: $(ls corpus/parse_validate | wc -l) envelopes, $(ls corpus/markdown | wc -l) markdown texts"

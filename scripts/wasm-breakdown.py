#!/usr/bin/env python3
"""Where the bytes of the app's wasm go (README "Size budget").

Usage: scripts/wasm-breakdown.py NAMED_WASM [--top N]

NAMED_WASM must still have its `name` section: build it as scripts/wasm-breakdown.sh does
(wasm-opt -g keeps the names; the dist/ build drops them). Every figure is a *marginal*
gzip -9 size: the gzip size of the whole module minus that of the module without the part, so
it says what dropping the part would save. Code is attributed to the crate of each function's
own path, as linked: code LLVM inlined into a caller counts for the caller's crate. The
table by feature counts each function for the viewer module (a file of src/components/*/,
src/state/ or src/platform/) in its own path or, failing that, the first one named in its type
parameters: the generic Leptos code instantiated for a component is that component's cost.
"""
import collections
import pathlib
import re
import struct
import sys
import zlib

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Crates grouped as the README table names them.
FAMILIES = {
    "leptos (tachys, reactive_graph, leptos, any_spawner, …)": {
        "tachys", "reactive_graph", "leptos", "leptos_dom", "any_spawner", "throw_error",
        "send_wrapper", "slotmap", "or_poisoned", "guardian", "futures_core", "futures_util",
        "futures_channel", "futures_executor", "futures_task", "hydration_context",
        "reactive_stores", "oco_ref", "either_of", "server_fn", "wasm_streams", "erased",
        "intounderlyingbytesource", "intounderlyingsource", "intounderlyingsink",
    },
    "pulldown-cmark (+ unicase, memchr, pulldown-cmark-escape)": {
        "pulldown_cmark", "unicase", "memchr", "pulldown_cmark_escape", "bitflags",
    },
    "serde_json (+ indexmap, hashbrown, itoa, zmij, serde)": {
        "serde_json", "indexmap", "hashbrown", "itoa", "zmij", "serde_core", "serde",
        "equivalent", "foldhash", "ryu",
    },
    "pep-core": {"pep_core"},
    "the viewer (src/)": {"prompt_envelope"},
    "wasm-bindgen, js-sys, web-sys, wasm-bindgen-futures": {
        "wasm_bindgen", "js_sys", "web_sys", "wasm_bindgen_futures",
    },
    "console_error_panic_hook": {"console_error_panic_hook"},
    "Rust std (core, alloc, std, dlmalloc, compiler builtins)": {
        "core", "alloc", "std", "dlmalloc", "__rustc", "compiler_builtins", "panic_abort",
    },
}


def leb(b, i):
    result = shift = 0
    while True:
        byte = b[i]
        i += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, i


def gz(data):
    c = zlib.compressobj(9, zlib.DEFLATED, 31, 9)
    return len(c.compress(data) + c.flush())


def without(data, ranges):
    out = bytearray()
    last = 0
    for start, end in sorted(ranges):
        if start > last:
            out += data[last:start]
        last = max(last, end)
    out += data[last:]
    return bytes(out)


def parse(b):
    assert b[:4] == b"\0asm", "not a wasm module"
    i = 8
    sections = []
    while i < len(b):
        sid = b[i]
        size, j = leb(b, i + 1)
        name = None
        if sid == 0:
            n, k = leb(b, j)
            name = b[k:k + n].decode()
        sections.append((sid, name, i, j, j + size))
        i = j + size
    return sections


def imported_functions(b, body):
    count, k = leb(b, body)
    functions = 0
    for _ in range(count):
        for _ in range(2):
            n, k = leb(b, k)
            k += n
        kind = b[k]
        k += 1
        if kind == 0:
            _, k = leb(b, k)
            functions += 1
        elif kind == 1:
            k += 1
            flags, k = leb(b, k)
            _, k = leb(b, k)
            if flags & 1:
                _, k = leb(b, k)
        elif kind == 2:
            flags, k = leb(b, k)
            _, k = leb(b, k)
            if flags & 1:
                _, k = leb(b, k)
        elif kind == 3:
            k += 2
    return functions


def function_names(b, body, end):
    names = {}
    n, k = leb(b, body)
    k += n
    while k < end:
        sub = b[k]
        size, k2 = leb(b, k + 1)
        if sub == 1:
            count, m = leb(b, k2)
            for _ in range(count):
                index, m = leb(b, m)
                n, m = leb(b, m)
                names[index] = b[m:m + n].decode("utf-8", "replace")
                m += n
        k = k2 + size
    return names


def crate_of(name):
    n = re.sub(r"\[[0-9a-f]+\]", "", name)
    m = re.match(r"<(.*?) as ([A-Za-z_][A-Za-z0-9_]*)::", n)
    if m:
        self_type = m.group(1).lstrip("&*(").replace("mut ", "").replace("dyn ", "")
        c = re.match(r"([a-z_][A-Za-z0-9_]*)::", self_type)
        return c.group(1) if c else m.group(2)
    n = n.lstrip("<&*")
    m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)::", n)
    if m:
        return m.group(1)
    if re.match(r"(str|char|\[u8\]|u8|u16|u32|u64|u128|usize|i8|i16|i32|i64|isize|f32|f64|bool)\b", n):
        return "core"
    if re.match(r"(__wbindgen|__externref|__wbg_|closure|Closure|.*-> Externref)", n):
        return "wasm_bindgen"
    if n in ("memcpy", "memmove", "memset", "memcmp", "bcmp") or n.startswith("__"):
        return "__rustc"
    if n == "main":
        return "prompt_envelope"
    m = re.match(r"(intounderlying[a-z]+)", n)
    if m:
        return "intounderlyingsource" if "source" in m.group(1) else "intounderlyingsink"
    return "?"


# The viewer's modules a feature is counted by: a file of src/components/<folder>/, of
# src/state/ or of src/platform/ (README "Architecture").
FEATURE = re.compile(
    r"prompt_envelope::((?:components::[a-z_]+::[a-z_]+)|(?:(?:state|platform)::[a-z_]+)"
    r"|components::[a-z_]+|[a-z_]+)")


def feature_of(name):
    """The viewer's module a function belongs to: its own path's, or else the first module of
    the viewer named in its type parameters (Leptos instantiates its generic view code for each
    component's closures: that code is the component's cost). None for code of no feature."""
    m = FEATURE.search(re.sub(r"\[[0-9a-f]+\]", "", name))
    return m.group(1) if m else None


def family_of(crate):
    for family, crates in FAMILIES.items():
        if crate in crates:
            return family
    return "other (unnamed functions)"


def rust_raw_strings(path):
    text = path.read_text(encoding="utf-8")
    return [m.group(1).encode() for m in re.finditer(r'body: r#"(.*?)"#', text, re.S)]


def skill_md_bodies():
    bodies = []
    for path in sorted((ROOT / "crates/pep-core/skills").glob("*/SKILL.md")):
        text = path.read_text(encoding="utf-8")
        parts = re.split(r"^---\s*$", text, maxsplit=2, flags=re.M)
        bodies.append(parts[2].encode() if len(parts) == 3 else text.encode())
    return bodies


def locate(data, blob):
    """Where `blob` (or its stripped form) sits in `data`, as (start, end), or None."""
    for candidate in (blob, blob.strip(), blob.lstrip(b"\n"), blob.rstrip(b"\n")):
        at = data.find(candidate)
        if at >= 0 and candidate:
            return at, at + len(candidate)
    return None


def entity_table(data):
    """pulldown-cmark's HTML entity names and values; for the upstream crate (before the
    vendored copy) also its table of 2,125 (pointer, length) pairs."""
    start = data.find(b"AElig\0")
    if start >= 0:
        end = data.find(b"zwnj\0", start)
        return [(start, data.find(b"\0", end + 5) + 1)] if end > 0 else []
    start = data.find(b"AElig\xc3\x86AMP&")
    if start < 0:
        return []
    end = data.find(b"zwnj\xe2\x80\x8c", start) + 7
    ranges = [(start, end)]

    def pair(at):
        p1, l1, p2, l2 = struct.unpack_from("<IIII", data, at)
        return 0 < l1 < 40 and 0 < l2 < 10 and 0x100000 < min(p1, p2) < 0x1000000

    at = end
    while at + 16 <= len(data):
        if not pair(at):
            at += 1
            continue
        stop = at
        while stop + 16 <= len(data) and pair(stop):
            stop += 16
        if (stop - at) // 16 >= 2000:
            ranges.append((at, stop))
            break
        at = stop + 1
    return ranges


def main():
    args = sys.argv[1:]
    top = 0
    if "--top" in args:
        top = int(args[args.index("--top") + 1])
        del args[args.index("--top"):args.index("--top") + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    b = pathlib.Path(args[0]).read_bytes()
    sections = parse(b)
    total = gz(b)
    names = {}
    imports = 0
    code = data = None
    for sid, name, start, body, end in sections:
        if sid == 2:
            imports = imported_functions(b, body)
        elif sid == 10:
            code = (body, end)
        elif sid == 11:
            data = (body, end)
        elif sid == 0 and name == "name":
            names = function_names(b, body, end)
    if not names:
        sys.exit("no name section: build as scripts/wasm-breakdown.sh does")
    # The figures are for the module as shipped: without its name section.
    shipped = without(b, [(s, e) for sid, name, s, _, e in sections if name == "name"])
    total = gz(shipped)
    print(f"{args[0]}: {len(shipped)} bytes, {total} bytes gzip -9 without the name section\n")
    print(f"{'section':28} {'bytes':>8} {'gzip':>7}")
    for sid, name, start, body, end in sections:
        if name == "name":
            continue
        label = ["custom", "type", "import", "function", "table", "memory", "global", "export",
                 "start", "elem", "code", "data", "datacount"][sid] + (f" '{name}'" if name else "")
        cut = without(b, [(start, end)] + [(s, e) for _, n, s, _, e in sections if n == "name"])
        print(f"{label:28} {end - start:8} {total - gz(cut):7}")

    body, end = code
    count, k = leb(b, body)
    by_family = collections.defaultdict(list)
    by_crate = collections.defaultdict(list)
    by_feature = collections.defaultdict(list)
    functions = []
    for f in range(count):
        size, k2 = leb(b, k)
        crate = crate_of(names.get(imports + f, "?"))
        by_family[family_of(crate)].append((k, k2 + size))
        by_crate[crate].append((k, k2 + size))
        feature = feature_of(names.get(imports + f, "?"))
        if feature:
            by_feature[feature].append((k, k2 + size))
        functions.append((k2 + size - k, names.get(imports + f, "?")))
        k = k2 + size
    code_bytes = b[body:end]
    code_gz = gz(code_bytes)

    def rows(groups):
        out = []
        for key, ranges in groups.items():
            local = [(s - body, e - body) for s, e in ranges]
            out.append((code_gz - gz(without(code_bytes, local)),
                        sum(e - s for s, e in ranges), len(ranges), key))
        return sorted(out, reverse=True)

    print(f"\ncode section: {end - body} bytes, {code_gz} bytes gzip on its own")
    print(f"{'code by dependency':58} {'funcs':>6} {'bytes':>8} {'gzip':>7}")
    for g, raw, n, key in rows(by_family):
        print(f"{key:58} {n:6} {raw:8} {g:7}")
    print(f"\n{'code by crate':58} {'funcs':>6} {'bytes':>8} {'gzip':>7}")
    for g, raw, n, key in rows(by_crate)[:30]:
        print(f"{key:58} {n:6} {raw:8} {g:7}")

    print(f"\n{'code by feature: the viewer module, with the generic code made for it':58} "
          f"{'funcs':>6} {'bytes':>8} {'gzip':>7}")
    feature_rows = rows(by_feature)
    for g, raw, n, key in feature_rows:
        print(f"{key:58} {n:6} {raw:8} {g:7}")
    print(f"{'(sum of the rows; each row is what dropping it alone saves)':58} "
          f"{sum(r[2] for r in feature_rows):6} {sum(r[1] for r in feature_rows):8} "
          f"{sum(r[0] for r in feature_rows):7}")

    body, end = data
    d = b[body:end]
    data_gz = gz(d)
    items = {
        "demos (demos/demo-*.json, manifest.json)": [
            locate(d, p.read_bytes()) for p in sorted((ROOT / "demos").glob("*.json"))
            if p.name != "prompt-envelope.schema.json"
        ],
        "skill bodies (4 SKILL.md + 8 hand-written)": [
            locate(d, blob) for blob in skill_md_bodies()
            + rust_raw_strings(ROOT / "crates/pep-core/src/skills/handwritten.rs")
        ],
        "HTML entity table (pulldown-cmark)": entity_table(d),
    }
    print(f"\ndata section: {end - body} bytes, {data_gz} bytes gzip on its own")
    print(f"{'embedded data':58} {'found':>6} {'bytes':>8} {'gzip':>7}")
    known = []
    for label, ranges in items.items():
        found = [r for r in ranges if r]
        known += found
        print(f"{label:58} {len(found):>3}/{len(ranges):<2} {sum(e - s for s, e in found):8} "
              f"{data_gz - gz(without(d, found)):7}")
    rest = len(d) - sum(e - s for s, e in known)
    # The rest as a whole (its own gzip size): UI texts, messages, panic locations, tables.
    print(f"{'everything else (texts, messages, tables), gzip on its own':58} {'':6} {rest:8} "
          f"{gz(without(d, known)):7}")

    if top:
        print(f"\nlargest {top} functions (bytes)")
        for size, name in sorted(functions, reverse=True)[:top]:
            print(f"{size:8}  {name[:150]}")


if __name__ == "__main__":
    main()

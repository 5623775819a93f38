"""The architecture rules of DESIGN.md §3, checked on the source: who may import whom, and no import circle."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

PACKAGES = ("agents", "contracts", "data", "eval", "retrieval", "scoring", "ui")


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    found = {_module_name(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}
    found["streamlit_app"] = ROOT / "streamlit_app.py"
    if (ROOT / "mcp_server.py").exists():
        found["mcp_server"] = ROOT / "mcp_server.py"
    return found


def _imports(path: Path, known: set[str]) -> set[str]:
    """Project modules a file imports (anywhere in it, lazy imports included; TYPE_CHECKING blocks excluded)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(child) for stmt in node.body for child in ast.walk(stmt))
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in names if name in known}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(path, set(modules)) - {name} for name, path in modules.items()}


def test_nothing_imports_the_ui() -> None:
    offenders = {m for m, deps in _graph().items() if m != "streamlit_app" and not m.startswith("ui")
                 and any(d == "ui" or d.startswith("ui.") or d == "streamlit_app" for d in deps)}
    assert offenders == set()


def test_scoring_and_contracts_import_nothing_of_the_agents() -> None:
    offenders = {m: sorted(d for d in deps if d.split(".")[0] not in ("contracts", "scoring"))
                 for m, deps in _graph().items() if m.split(".")[0] in ("contracts", "scoring")}
    assert {m: d for m, d in offenders.items() if d} == {}


def test_no_import_circle() -> None:
    graph = _graph()
    # A package's __init__ importing its own submodules is not a circle between modules; drop those edges.
    edges = {m: {d for d in deps if not d.startswith(m + ".")} for m, deps in graph.items()}
    seen: dict[str, int] = {}  # 1 = on the current path, 2 = done
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        seen[node] = 1
        for dep in sorted(edges.get(node, ())):
            if seen.get(dep) == 1:
                cycles.append([*path[path.index(dep):], dep] if dep in path else [node, dep])
            elif dep not in seen:
                visit(dep, [*path, dep])
        seen[node] = 2

    for module in sorted(edges):
        if module not in seen:
            visit(module, [module])
    assert cycles == []


def test_the_checker_sees_a_circle(tmp_path: Path) -> None:
    """The rule above can fail: two files importing each other are found."""
    (tmp_path / "a.py").write_text("import b\n")
    (tmp_path / "b.py").write_text("from a import x\n")
    assert _imports(tmp_path / "a.py", {"a", "b"}) == {"b"}
    assert _imports(tmp_path / "b.py", {"a", "b", "a.x"}) == {"a", "a.x"}

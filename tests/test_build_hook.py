"""The wheel's build hook (hatch_build.py), `cardgames.compiled_modules` and the wheel smoke test.

The hook compiles with mypyc, or, in ``auto`` mode, falls back to a pure-Python wheel with a
warning when compiling fails: here the compiler is ``/bin/false``, so the fallback is tested on
every run in a few seconds (the real compile is `.ci/run`'s wheel build and cibuildwheel's).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import cardgames
from cardgames import _compiled_in

import wheel_smoke

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"


def load_hook_module() -> ModuleType:
    """hatch_build.py, imported from the project's root (it is no module of the package)."""
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def make_hook(root: Path, modules: list[str], target: str = "wheel") -> Any:
    hook_module = load_hook_module()
    return hook_module.MypycBuildHook(
        str(root), {"compile": modules}, None, None, str(root / "dist"), target
    )


def fresh_build_data() -> dict[str, Any]:
    return {"pure_python": True, "infer_tag": False, "force_include": {}}


@pytest.fixture
def tiny_project(tmp_path: Path) -> Path:
    (tmp_path / "tiny.py").write_text("def double(x: int) -> int:\n    return 2 * x\n")
    return tmp_path


# ------------------------------------------------------------------------- the build hook


@pytest.mark.parametrize("mode", ["no", " No "])
def test_no_compiles_nothing(
    tiny_project: Path, monkeypatch: pytest.MonkeyPatch, mode: str
) -> None:
    monkeypatch.setenv("CARDGAMES_COMPILE", mode)
    hook = make_hook(tiny_project, ["tiny.py"])
    data = fresh_build_data()
    hook.initialize("standard", data)
    hook.finalize("standard", data, "")
    assert data == fresh_build_data()


@pytest.mark.parametrize(("target", "version"), [("wheel", "editable"), ("sdist", "standard")])
def test_editable_wheels_and_sdists_are_never_compiled(
    tiny_project: Path, monkeypatch: pytest.MonkeyPatch, target: str, version: str
) -> None:
    monkeypatch.setenv("CARDGAMES_COMPILE", "yes")
    hook = make_hook(tiny_project, ["tiny.py"], target)
    data = fresh_build_data()
    hook.initialize(version, data)
    assert data == fresh_build_data()


def test_unknown_mode_is_refused(tiny_project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGAMES_COMPILE", "sometimes")
    with pytest.raises(ValueError, match="auto, yes or no"):
        make_hook(tiny_project, ["tiny.py"]).initialize("standard", fresh_build_data())


no_false = pytest.mark.skipif(
    sys.platform == "win32" or not os.path.exists("/bin/false"),
    reason="needs /bin/false as a C compiler that always fails",
)


@no_false
@pytest.mark.parametrize("mode", ["auto", None])
def test_auto_falls_back_to_pure_python_with_a_warning(
    tiny_project: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    mode: str | None,
) -> None:
    if mode is None:
        monkeypatch.delenv("CARDGAMES_COMPILE", raising=False)  # auto is the default
    else:
        monkeypatch.setenv("CARDGAMES_COMPILE", mode)
    monkeypatch.setenv("CC", "/bin/false")  # a C compiler that fails, as a missing one does
    hook = make_hook(tiny_project, ["tiny.py"])
    data = fresh_build_data()
    with pytest.warns(UserWarning, match="compiling with mypyc failed"):
        hook.initialize("standard", data)
    hook.finalize("standard", data, "")
    assert data == fresh_build_data()  # a pure-Python wheel: no extension, no platform tag
    err = capsys.readouterr().err
    assert "WARNING: cardgames: compiling with mypyc failed" in err  # what pip install -v shows
    assert "building a pure-Python wheel" in err
    assert "install a C compiler" in err
    assert not os.path.exists(hook._tmp)  # finalize removed the build folder


@pytest.mark.skipif(
    sys.platform == "win32" or shutil.which(os.environ.get("CC", "cc")) is None,
    reason="needs a C compiler",
)
def test_auto_compiles_when_a_compiler_is_there(
    tiny_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDGAMES_COMPILE", "auto")
    hook = make_hook(tiny_project, ["tiny.py"])
    data = fresh_build_data()
    hook.initialize("standard", data)
    try:
        assert data["pure_python"] is False
        assert data["infer_tag"] is True  # a platform wheel: cp3XX-cp3XX-<platform>
        [(built, inside)] = data["force_include"].items()
        assert os.path.isfile(built)
        assert inside.startswith("tiny.")
        assert inside.endswith(tuple(EXTENSION_SUFFIXES))
    finally:
        hook.finalize("standard", data, "")
    assert not os.path.exists(hook._tmp)


@pytest.mark.skipif(
    sys.platform == "win32" or shutil.which(os.environ.get("CC", "cc")) is None,
    reason="needs a C compiler (MSVC does not contract floating point by default)",
)
def test_the_compiler_is_told_not_to_fuse_multiply_adds(
    tiny_project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A fused a * b + c rounds once instead of twice: the compiled search would score moves
    # unlike the interpreted one, and the same seed would play differently (on aarch64 GCC fuses
    # by default). Every compile command must carry -ffp-contract=off.
    real = shutil.which(os.environ.get("CC", "cc"))
    log = tmp_path / "cc.log"
    wrapper = tmp_path / "cc-logging"
    wrapper.write_text(f'#!/bin/sh\necho "$@" >> {log}\nexec {real} "$@"\n')
    wrapper.chmod(0o755)
    monkeypatch.setenv("CARDGAMES_COMPILE", "yes")
    monkeypatch.setenv("CC", str(wrapper))
    hook = make_hook(tiny_project, ["tiny.py"])
    data = fresh_build_data()
    hook.initialize("standard", data)
    hook.finalize("standard", data, "")
    compiles = [line for line in log.read_text().splitlines() if " -c " in f" {line} "]
    assert compiles
    assert all("-ffp-contract=off" in line.split() for line in compiles)


_MYPYC_C = """\
static int Foo_traverse(FooObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->_x);
    int rv = 0;
    Py_VISIT(*((PyObject **)((char *)self + sizeof(FooObject))));
    Py_VISIT(*((PyObject **)((char *)self + sizeof(PyObject *) + sizeof(FooObject))));
    return rv;
}
static int32_t Foo_clear(PyObject *cpy_r_self)
{
    FooObject *self = (FooObject *)cpy_r_self;
    Py_CLEAR(self->_x);
    Py_CLEAR(*((PyObject **)((char *)self + sizeof(FooObject))));
    Py_CLEAR(*((PyObject **)((char *)self + sizeof(PyObject *) + sizeof(FooObject))));
    return 0;
}
static void
Foo_dealloc(FooObject *self)
{
    PyObject_GC_UnTrack(self);
    CPy_TRASHCAN_BEGIN(self, Foo_dealloc)
    Foo_clear((PyObject *)self);
    Py_TYPE(self)->tp_free((PyObject *)self);
    CPy_TRASHCAN_END(self)
}
"""


def test_weak_references_are_cleared_in_the_generated_code(tmp_path: Path) -> None:
    # mypyc 2.4 never clears a compiled object's weak references when it dies, and for Python
    # < 3.12 visits and decrefs the __weakref__ list head of a class with a Python base as if
    # it owned it: a weak reference to a compiled state outlived the state (a crash, or
    # callbacks that never ran). The hook rewrites those lines, and only those.
    (tmp_path / "module").mkdir()
    source = tmp_path / "module" / "__native.c"
    source.write_text(_MYPYC_C)
    (tmp_path / "other.h").write_text(_MYPYC_C)  # not C source: left alone
    assert load_hook_module().fix_weakref_lists(str(tmp_path)) == 3
    fixed = source.read_text()
    slot = "*((PyObject **)((char *)self + sizeof(PyObject *) + sizeof(FooObject)))"
    assert f"Py_VISIT({slot})" not in fixed
    assert f"Py_CLEAR({slot})" not in fixed
    assert (
        "    CPy_TRASHCAN_BEGIN(self, Foo_dealloc)\n"
        "    if (Py_TYPE(self)->tp_weaklistoffset) PyObject_ClearWeakRefs((PyObject *)self);\n"
        "    Foo_clear((PyObject *)self);\n"
    ) in fixed
    dict_slot = "*((PyObject **)((char *)self + sizeof(FooObject)))"
    assert f"Py_VISIT({dict_slot});" in fixed  # the __dict__ is owned: still visited, cleared
    assert f"Py_CLEAR({dict_slot});" in fixed
    assert (tmp_path / "other.h").read_text() == _MYPYC_C


def test_weak_references_to_states_die_with_them() -> None:
    # In a child process: before the fix, the compiled wheel for Python < 3.12 crashed here.
    code = "import wheel_smoke; print(wheel_smoke.check_weak_references(300))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=Path(wheel_smoke.__file__).parent,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith(str(300 * len(cardgames.games())))


@no_false
def test_yes_fails_the_build_when_compiling_fails(
    tiny_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDGAMES_COMPILE", "yes")
    monkeypatch.setenv("CC", "/bin/false")
    hook = make_hook(tiny_project, ["tiny.py"])
    with pytest.raises(Exception, match="false"):  # setuptools' CompileError names the compiler
        hook.initialize("standard", fresh_build_data())
    hook.finalize("standard", fresh_build_data(), "")


def test_warn_fallback_says_what_to_do(capsys: pytest.CaptureFixture[str]) -> None:
    hook_module = load_hook_module()
    with pytest.warns(UserWarning, match=r"failed \(no compiler\); building a pure-Python wheel"):
        hook_module.warn_fallback(RuntimeError("no  compiler\n"))
    err = capsys.readouterr().err
    assert err.startswith("=" * 78 + "\nWARNING: cardgames:")
    assert "CARDGAMES_COMPILE=yes" in err
    assert "CARDGAMES_COMPILE=no" in err
    with pytest.warns(UserWarning, match=r"failed \(xxxxx+ \.\.\.\); building"):
        hook_module.warn_fallback(RuntimeError("x" * 500))  # a whole command line, cut short
    with pytest.warns(UserWarning, match=r"failed \(RuntimeError\)"):
        hook_module.warn_fallback(RuntimeError())


# ------------------------------------------------------------------- compiled_modules()


def test_compiled_in_names_extensions_beside_their_sources(tmp_path: Path) -> None:
    suffix = EXTENSION_SUFFIXES[0]
    (tmp_path / "sub").mkdir()
    for name in ("fast.py", f"fast{suffix}", "sub/engine.py", f"sub/engine{suffix}"):
        (tmp_path / name).write_text("")
    (tmp_path / f"fast__mypyc{suffix}").write_text("")  # mypyc's shared library: no source
    (tmp_path / "slow.py").write_text("")  # pure Python
    (tmp_path / "other.cpython-299-elsewhere.so").write_text("")  # another Python's extension
    (tmp_path / "other.py").write_text("")
    assert _compiled_in(str(tmp_path), "pkg") == ("pkg.fast", "pkg.sub.engine")


def test_compiled_modules_are_the_ones_loaded_from_extensions() -> None:
    names = cardgames.compiled_modules()
    assert list(names) == sorted(names)
    for name in names:
        module = importlib.import_module(name)
        assert str(module.__file__).endswith(tuple(EXTENSION_SUFFIXES)), name
    engine = importlib.import_module("cardgames.shedding.engine")
    compiled = str(engine.__file__).endswith(tuple(EXTENSION_SUFFIXES))
    assert compiled == ("cardgames.shedding.engine" in names)


# ----------------------------------------------------------------------- wheel_smoke.py


def test_smoke_test_passes_on_this_installation(capsys: pytest.CaptureFixture[str]) -> None:
    expect = "compiled" if cardgames.compiled_modules() else "pure"  # editable here, a wheel in CI
    assert wheel_smoke.main(["--expect", expect]) == 0
    out = capsys.readouterr().out
    assert "wheel smoke test passed" in out
    assert "golden games of" in out


def test_smoke_test_fails_when_the_installation_is_not_what_is_expected(
    capsys: pytest.CaptureFixture[str],
) -> None:
    wrong = "pure" if cardgames.compiled_modules() else "compiled"
    assert wheel_smoke.main(["--expect", wrong]) == 1
    assert "wheel smoke test FAILED" in capsys.readouterr().err


def test_smoke_test_reads_the_compile_list_of_the_build_hook() -> None:
    paths = wheel_smoke.compile_list(PYPROJECT)
    assert "src/cardgames/shedding/engine.py" in paths
    assert wheel_smoke.compile_list_fallback(PYPROJECT.read_text(encoding="utf-8")) == paths
    names = [wheel_smoke.module_name(path) for path in paths]
    assert "cardgames.shedding.engine" in names


def test_smoke_test_fallback_reader_handles_comments_and_other_tables() -> None:
    text = """
[tool.other]
compile = ["not/this.py"]

[tool.hatch.build.targets.wheel.hooks.custom]
path = "hatch_build.py"
dependencies = ["x"]
compile = [
    "src/cardgames/a.py",  # a comment
    "src/cardgames/b/c.py",
]

[tool.after]
compile = ["nor/this.py"]
"""
    assert wheel_smoke.compile_list_fallback(text) == ["src/cardgames/a.py", "src/cardgames/b/c.py"]
    no_list = "[tool.hatch.build.targets.wheel.hooks.custom]\npath = 'x'\n[tool.y]\ncompile = []"
    assert wheel_smoke.compile_list_fallback(no_list) == []
    with pytest.raises(wheel_smoke.SmokeError, match="no \\[tool"):
        wheel_smoke.compile_list_fallback("[tool.x]\n")
    with pytest.raises(wheel_smoke.SmokeError, match="list of paths"):
        wheel_smoke.compile_list_fallback(
            "[tool.hatch.build.targets.wheel.hooks.custom]\ncompile = [1]\n"
        )


def test_smoke_test_module_names() -> None:
    assert wheel_smoke.module_name("src/cardgames/_xoshiro.py") == "cardgames._xoshiro"
    with pytest.raises(wheel_smoke.SmokeError, match="not a module of src/cardgames"):
        wheel_smoke.module_name("hatch_build.py")

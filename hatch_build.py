"""Hatch build hook: compile the engine's hot modules with mypyc into the wheel.

The modules listed under ``compile`` in ``[tool.hatch.build.targets.wheel.hooks.custom]`` are
compiled to C extensions with mypyc and shipped next to their ``.py`` sources (Python imports
the extension first). The sources are ordinary, fully typed Python: the compiled wheel and the
pure-Python package behave identically, the compiled one is about twice as fast per move.

Controlled by the environment variable ``CARDGAMES_COMPILE``:

- ``auto`` (default): compile; if that fails (no C compiler, say), warn and build a
  pure-Python wheel instead. The warning goes to standard error, which pip shows with
  ``pip install -v`` (it hides a successful build's output otherwise); once installed,
  ``cardgames.compiled_modules()`` is empty for such a pure-Python installation.
- ``yes``: compile, and fail the build if that fails (CI uses this).
- ``no``: build a pure-Python wheel.

Editable installs (``pip install -e .``) are never compiled, so edits to the sources take effect.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

FALLBACK_HINT = (
    "The wheel works the same, only slower (about half the speed per move). To compile it, "
    "install a C compiler (gcc or clang; on Windows, Microsoft's C++ Build Tools) and "
    "reinstall; set CARDGAMES_COMPILE=yes to make a failed compile fail the build, or "
    "CARDGAMES_COMPILE=no to build pure Python without trying."
)


def warn_fallback(exc: BaseException) -> None:
    """Say that compiling failed and the wheel is pure Python: on standard error, as a warning.

    Both reach the person installing only through the build's output: ``pip install -v`` shows
    it (pip hides the output of a build that succeeds), ``python -m build`` always does.
    """
    reason = " ".join(str(exc).split()) or type(exc).__name__
    if len(reason) > 200:  # a failed compiler command is printed with all its flags
        reason = reason[:200] + " ..."
    message = f"cardgames: compiling with mypyc failed ({reason}); building a pure-Python wheel."
    line = "=" * 78
    print(f"{line}\nWARNING: {message}\n{FALLBACK_HINT}\n{line}", file=sys.stderr, flush=True)
    warnings.warn(message, stacklevel=2)


# The C expression mypyc (2.4, for Python < 3.12) writes for the __weakref__ slot of a native
# class with a Python base class: the pointer right after the object's struct and its __dict__.
_WEAKREF_SLOT = (
    re.escape("*((PyObject **)((char *)self + sizeof(PyObject *) + sizeof(") + r"\w+\)\)\)"
)
_OWNED_WEAKREF_LIST = re.compile(rf"Py_(?:VISIT|CLEAR)\({_WEAKREF_SLOT}\);")
_DEALLOC_START = re.compile(r"^( *)(CPy_TRASHCAN_BEGIN\(self, \w+_dealloc\)\n)", re.MULTILINE)


def fix_weakref_lists(c_dir: str) -> int:
    """Correct the C that mypyc generated for weak references; return the fixes made.

    The compiled states derive from a Python class (`cardgames.game.ValueState`), so their
    instances take weak references, but mypyc's deallocation never clears them: a weak
    reference to a state outlived its object, and a program that kept one (``r =
    weakref.ref(state); del state``) crashed, or its callbacks never ran. Worse, for Python <
    3.12 the garbage collector's traverse visited the weak-reference list head and the clear
    functions decref'd it, as if the object owned it. Fixed here as CPython's own deallocation
    does it: every deallocator clears the object's weak references first
    (``PyObject_ClearWeakRefs``, when its type takes weak references), and the list head is
    neither visited nor cleared.
    """
    fixes = 0
    for folder, _, files in os.walk(c_dir):
        for name in files:
            if not name.endswith(".c"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as handle:
                code = handle.read()
            code, owned = _OWNED_WEAKREF_LIST.subn("/* the weakref list head is borrowed */", code)
            code, deallocs = _DEALLOC_START.subn(
                r"\1\2\1if (Py_TYPE(self)->tp_weaklistoffset)"
                r" PyObject_ClearWeakRefs((PyObject *)self);\n",
                code,
            )
            if owned or deallocs:
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(code)
                fixes += owned + deallocs
    return fixes


class MypycBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile the configured modules with mypyc and add the extensions to the wheel."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile before the wheel is assembled (not for sdists or editable wheels)."""
        self._tmp: str | None = None
        if self.target_name != "wheel" or version == "editable":
            return
        mode = os.environ.get("CARDGAMES_COMPILE", "auto").strip().lower()
        if mode not in ("auto", "yes", "no"):
            raise ValueError(f"CARDGAMES_COMPILE must be auto, yes or no, not {mode!r}")
        if mode == "no":
            return
        modules = self.config.get("compile", [])
        try:
            built = self._compile(modules)
        except Exception as exc:  # any failure falls back to pure Python in "auto" mode
            if mode == "yes":
                raise
            warn_fallback(exc)
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        build_data["force_include"].update(built)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the temporary build directory."""
        if getattr(self, "_tmp", None):
            shutil.rmtree(self._tmp, ignore_errors=True)

    def _compile(self, modules: list[str]) -> dict[str, str]:
        """Build the extensions; return {built file: path inside the wheel}."""
        from mypyc.build import mypycify
        from setuptools import Distribution

        self._tmp = tempfile.mkdtemp(prefix="cardgames-mypyc-")
        lib = os.path.join(self._tmp, "lib")
        cwd = os.getcwd()
        os.chdir(self.root)
        try:
            c_dir = os.path.join(self._tmp, "c")
            extensions = mypycify(
                ["--config-file", os.devnull, *modules],
                opt_level="3",
                debug_level="0",
                separate=True,  # one library per module, next to it inside the package
                target_dir=c_dir,
            )
            fix_weakref_lists(c_dir)
            if sys.platform != "win32":
                # GCC fuses a * b + c into one multiply-add where the CPU has one (its default
                # on aarch64), rounding once instead of twice: the compiled ISMCTS search
                # (agents/_search.py) would score moves unlike the interpreted one. MSVC does
                # not contract under its default /fp:precise.
                for extension in extensions:
                    extension.extra_compile_args.append("-ffp-contract=off")
            dist = Distribution({"name": "pycardgames-mypyc", "ext_modules": extensions})
            command = dist.get_command_obj("build_ext")
            command.build_lib = lib  # type: ignore[attr-defined]
            command.build_temp = os.path.join(self._tmp, "temp")  # type: ignore[attr-defined]
            command.inplace = 0  # type: ignore[attr-defined]
            dist.run_command("build_ext")
        finally:
            os.chdir(cwd)
        built: dict[str, str] = {}
        for folder, _, files in os.walk(lib):
            for name in files:
                if name.endswith(tuple(EXTENSION_SUFFIXES)):
                    path = os.path.join(folder, name)
                    built[path] = os.path.relpath(path, lib).replace(os.sep, "/")
        if not built:
            raise RuntimeError("mypyc produced no extension module")
        names = ", ".join(sorted(built.values()))
        print(f"cardgames: compiled with mypyc for {sys.implementation.cache_tag}: {names}")
        return built

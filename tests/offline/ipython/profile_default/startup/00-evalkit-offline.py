# Runs at the start of every IPython kernel whose IPYTHONDIR is tests/offline/ipython (the nbval
# runs: notebooks/conftest.py sets it). Installs tests/offline/guard.py: no network except
# loopback, no writes into the repository outside build/ and caches, evalkit warnings are errors.
# Everything happens inside a function that is deleted again, so the notebook's namespace stays
# clean.


def _install_evalkit_offline_guard():
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "guard.py"
    spec = importlib.util.spec_from_file_location("evalkit_offline_guard", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["evalkit_offline_guard"] = module
    spec.loader.exec_module(module)
    module.install()


_install_evalkit_offline_guard()
del _install_evalkit_offline_guard

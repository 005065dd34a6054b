# IPython profile of the guarded nbval kernels (IPYTHONDIR=tests/offline/ipython).
# The kernel must not write into the repository: no history database.
c = get_config()  # noqa: F821
c.HistoryManager.enabled = False

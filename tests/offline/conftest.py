"""The IPython profile in ipython/ is kernel configuration, not test code: never collect it
(pytest's --doctest-modules would import its config and startup files, and the startup file
installs the guard in the importing process)."""

collect_ignore = ["ipython"]

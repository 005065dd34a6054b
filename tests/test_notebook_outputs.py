"""tests/notebook_outputs.py gives nbval's verdict: the browser run checks outputs in its place."""

from __future__ import annotations

import copy
import random
from collections import OrderedDict
from types import SimpleNamespace

import nbformat
import pytest
from nbval.plugin import IPyNbCell, coalesce_streams, nocolors

from tests.conftest import NOTEBOOKS
from tests.notebook_outputs import (
    as_outputs,
    output_difference,
    outputs_checked,
    sanitize_patterns,
)

# nbval 0.11's IPyNbFile.skip_compare without --nbdime, as its source spells it
NBVAL_SKIP_COMPARE = (
    "metadata", "traceback", "prompt_number", "output_type", "name", "execution_count",
    "application/vnd.jupyter.widget-view+json", "image/png", "image/jpeg",
)  # fmt: skip


class _NbvalCell:
    """What nbval's ``IPyNbCell.compare_outputs`` reads from its cell, and nothing else."""

    colors = nocolors
    compare_outputs = IPyNbCell.compare_outputs
    sanitize = IPyNbCell.sanitize

    def __init__(self, patterns):
        self.parent = SimpleNamespace(
            skip_compare=NBVAL_SKIP_COMPARE, sanitize_patterns=OrderedDict(patterns)
        )

    def format_output_compare(self, key, left, right) -> None:
        pass


def nbval_agrees(computed, reference, patterns) -> bool:
    """nbval's verdict, given the outputs as nbval's runtest hands them over (streams merged)."""
    test = coalesce_streams(as_outputs(copy.deepcopy(computed)))
    ref = coalesce_streams(as_outputs(copy.deepcopy(reference)))
    return _NbvalCell(patterns).compare_outputs(test, ref)


def _perturbed(outputs: list, rng: random.Random) -> list:
    """A copy of ``outputs`` changed in one way that nbval may or may not notice."""
    outputs = copy.deepcopy([dict(o) for o in as_outputs(outputs)])
    texts = [(o, "text") for o in outputs if o["output_type"] == "stream"]
    texts += [(o["data"], m) for o in outputs if "data" in o for m in o["data"]]
    kind = rng.choice(["digit", "drop", "stderr", "image", "address", "split", "metadata"])
    if kind == "digit" and texts:
        holder, key = rng.choice(texts)
        value = holder[key]
        digits = [i for i, ch in enumerate(value) if ch in "0123456789"]
        if digits:
            i = rng.choice(digits)
            holder[key] = value[:i] + str((int(value[i]) + 1) % 10) + value[i + 1 :]
    elif kind == "drop" and outputs:
        outputs.pop(rng.randrange(len(outputs)))
    elif kind == "stderr":
        outputs.append({"output_type": "stream", "name": "stderr", "text": "Warning: x\n"})
    elif kind == "image":
        for o in outputs:
            if "image/png" in o.get("data", {}):
                o["data"]["image/png"] = "iVBORw0KGgo="
    elif kind == "address":
        outputs.append({"output_type": "stream", "name": "stdout", "text": "<f at 0x7f3a>\n"})
    elif kind == "split":
        for k, o in enumerate(outputs):
            if o["output_type"] == "stream" and len(o["text"]) > 1:
                half = len(o["text"]) // 2
                second = dict(o, text=o["text"][half:])
                o["text"] = o["text"][:half]
                outputs.insert(k + 1, second)
                break
    elif kind == "metadata":
        for o in outputs:
            if "data" in o:
                o["metadata"] = {"width": 3}
    return outputs


def _cells():
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        for number, cell in enumerate(c for c in nb.cells if c.cell_type == "code"):
            yield f"{path.stem} code cell {number}", cell


def test_the_verdict_is_nbvals_on_every_committed_cell_changed_in_many_ways():
    patterns = sanitize_patterns()
    rng = random.Random(20261126)
    verdicts = {True: 0, False: 0}
    for where, cell in _cells():
        assert output_difference(cell.outputs, cell.outputs, patterns) is None, where
        for _ in range(4):
            changed = _perturbed(cell.outputs, rng)
            ours = output_difference(changed, cell.outputs, patterns) is None
            assert ours == nbval_agrees(changed, cell.outputs, patterns), (where, changed)
            verdicts[ours] += 1
    # both verdicts occur many times: the comparison is not vacuous either way
    assert min(verdicts.values()) > 200, verdicts


def test_a_changed_number_is_reported_with_both_values():
    committed = [{"output_type": "stream", "name": "stdout", "text": "p = 0.0312\n"}]
    computed = [{"output_type": "stream", "name": "stdout", "text": "p = 0.0313\n"}]
    message = output_difference(computed, committed, sanitize_patterns())
    assert "0.0312" in message and "0.0313" in message


def test_sanitized_reprs_are_equal_and_images_are_not_compared():
    patterns = sanitize_patterns()

    def figure(size: str, axes: int, count: int, png: str) -> list[dict]:
        data = {"text/plain": f"<Figure size {size} with {axes} Axes>", "image/png": png}
        return [{"output_type": "execute_result", "execution_count": count, "metadata": {},
                 "data": data}]  # fmt: skip

    one, two = figure("640x480", 2, 3, "AAAA"), figure("80x30", 1, 9, "BBBB")
    assert output_difference(one, two, patterns) is None
    assert output_difference(one, two, []) is not None  # the sanitizing does it


def test_nbval_markers_decide_which_cells_are_compared():
    cell = nbformat.v4.new_code_cell("x = 1", execution_count=1)
    assert outputs_checked(cell)
    assert not outputs_checked(
        nbformat.v4.new_code_cell("# NBVAL_IGNORE_OUTPUT\nx", execution_count=1)
    )
    tagged = nbformat.v4.new_code_cell("x", execution_count=1)
    tagged.metadata["tags"] = ["nbval-ignore-output"]
    assert not outputs_checked(tagged)
    assert not outputs_checked(nbformat.v4.new_code_cell("x"))  # never run: nothing to compare
    unrun = nbformat.v4.new_code_cell("print(1)")
    unrun.outputs = [nbformat.v4.new_output("stream", name="stdout", text="1\n")]
    with pytest.raises(ValueError, match="never run but has outputs"):
        outputs_checked(unrun)
    for marker in ("# NBVAL_SKIP", "# NBVAL_RAISES_EXCEPTION"):
        with pytest.raises(ValueError, match="only NBVAL_IGNORE_OUTPUT"):
            outputs_checked(nbformat.v4.new_code_cell(f"{marker}\nx", execution_count=1))


def test_every_committed_cell_uses_only_supported_markers():
    for _, cell in _cells():
        outputs_checked(cell)  # raises for a marker the browser run cannot honour

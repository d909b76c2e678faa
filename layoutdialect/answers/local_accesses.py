"""How ``local_load``, ``local_store`` and ``local_alloc`` touch an explicit shared encoding.

For each op that moves a distributed tensor to or from a ``!ttg.memdesc``,
``report_local_accesses(module)`` gives the widest vector both layouts allow and
the wavefronts each warp's access takes (``bank_conflicts``), so a shared
encoding with bank conflicts is visible before any code is generated.  On gfx950 a
``local_load`` whose layouts allow it runs CDNA4's transposing reads
(``ds_read_b64_tr_b16``), as Triton 3.9 lowers it, and the report names them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from xdsl.dialects.builtin import ModuleOp, TensorType
from xdsl.ir import Attribute, Operation

from layoutdialect.analysis.bank_conflicts import SharedAccessCost, bank_conflicts
from layoutdialect.analysis.transposed_reads import local_transposed_reads
from layoutdialect.answers.text_table import table_lines
from layoutdialect.dialect.tt.types import bit_width
from layoutdialect.dialect.ttg.attributes import EncodingAttr
from layoutdialect.dialect.ttg.layout_checks import MODULE_TARGET, TargetOverride
from layoutdialect.dialect.ttg.ops import LocalAllocOp, LocalLoadOp, LocalStoreOp
from layoutdialect.dialect.ttg.types import MemDescType
from layoutdialect.encodings import to_linear_layout
from layoutdialect.ir.locations import op_location

__all__ = ["LocalAccessReport", "format_local_accesses", "report_local_accesses"]


@dataclass(frozen=True)
class LocalAccessReport:
    """One warp's shared-memory access of a ``local_*`` op; ``cost`` is ``None`` when it
    cannot be analysed (``reason`` says why).  ``instruction`` names a special load
    (``ds_read_b64_tr_b16``); plain vector accesses leave it empty."""

    loc: str
    op: str
    registers: str
    shared: str
    shape: tuple[int, ...]
    dtype: str
    cost: SharedAccessCost | None
    reason: str = ""
    instruction: str = ""

    def to_json(self) -> dict[str, Any]:
        cost = self.cost
        return {
            "loc": self.loc,
            "op": self.op,
            "registers": self.registers,
            "shared": self.shared,
            "shape": list(self.shape),
            "dtype": self.dtype,
            "cost": cost.to_json() if cost else None,
            "instruction": self.instruction or None,
            "reason": self.reason or None,
        }


def report_local_accesses(module: ModuleOp, target: TargetOverride = MODULE_TARGET) -> list[LocalAccessReport]:
    """One report per ``local_load``, ``local_store`` and initialising ``local_alloc``, in order,
    on the module's GPU unless ``target`` says otherwise."""
    reports = []
    for op in module.walk():
        if isinstance(op, LocalLoadOp):
            reports.append(_report(op, op.result.type, op.src.type, target))
        elif isinstance(op, LocalStoreOp):
            reports.append(_report(op, op.src.type, op.dst.type, target))
        elif isinstance(op, LocalAllocOp) and op.src is not None:
            reports.append(_report(op, op.src.type, op.result.type, target))
    return reports


def _report(op: Operation, tensor: Attribute, memdesc: Attribute, target: TargetOverride) -> LocalAccessReport:
    assert isinstance(tensor, TensorType) and isinstance(memdesc, MemDescType)
    shape = tuple(tensor.get_shape())
    common: dict[str, Any] = {
        "loc": str(op_location(op) or "<unknown>"),
        "op": op.name,
        "registers": str(tensor.encoding),
        "shared": str(memdesc.encoding),
        "shape": shape,
        "dtype": str(tensor.element_type),
    }
    registers, shared = tensor.encoding, memdesc.encoding
    if not isinstance(registers, EncodingAttr) or not isinstance(shared, EncodingAttr):
        return LocalAccessReport(**common, cost=None, reason="no ttg encoding on both sides")
    element_bits = bit_width(tensor.element_type)
    if element_bits is None:
        return LocalAccessReport(**common, cost=None, reason=f"{tensor.element_type} has no bit width")
    memory = target.resolve(op).shared
    try:
        reg_layout = to_linear_layout(registers.data, list(shape))
        shared_layout = to_linear_layout(shared.data, list(memdesc.shape))
        cost = bank_conflicts(reg_layout, shared_layout, element_bits, memory, load=isinstance(op, LocalLoadOp))
        transposed = local_transposed_reads(reg_layout, shared_layout, element_bits, memory)
    except ValueError as error:
        return LocalAccessReport(**common, cost=None, reason=str(error))
    if isinstance(op, LocalLoadOp) and transposed is not None:
        reading, reading_cost = transposed
        return LocalAccessReport(**common, cost=reading_cost, instruction=f"ds_read_b64_tr_b{reading.element_bits}")
    return LocalAccessReport(**common, cost=cost)


def format_local_accesses(reports: list[LocalAccessReport]) -> str:
    """A table: per op, the access width, count and wavefronts against the ideal."""
    header = ("location", "op", "tensor", "access", "wavefronts", "ideal", "conflicts")
    rows = [header]
    for report in reports:
        tensor = "x".join(map(str, report.shape)) + "x" + report.dtype
        cost = report.cost
        if cost is None:
            rows.append((report.loc, report.op, tensor, "-", "-", "-", report.reason))
            continue
        excess = f"{cost.excess_per_wavefront + 1}-way" if cost.excess_per_wavefront else "none"
        access = f"{cost.instructions} x {report.instruction or f'{cost.vector_bits}b'}"
        ideal = str(cost.instructions * cost.phases)
        rows.append((report.loc, report.op, tensor, access, str(cost.total_wavefronts), ideal, excess))
    return "\n".join(table_lines(rows)) + "\n"

"""Warp specialisation: ``ttg.warp_specialize`` with its partition regions,
``ttg.warp_yield`` and ``ttg.warp_return``.

The op runs its ``default`` region on the warps executing it and, at the same time, each
partition region on another warp group of its own number of warps.  The partitions must be
isolated from above (each is a layout domain with its own warp count) and MLIR can only
isolate a whole op, so they live in a ``ttg.warp_specialize.partitions`` op, alone in the
second region, whose operands are the values the partitions capture.  The custom syntax
hides that op, as Triton's does.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import I32, DenseArrayBase, FileLineColLoc, FunctionType, IntAttr, StringAttr, i32
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_region_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern
from xdsl.printer import Printer
from xdsl.traits import (
    HasCanonicalizationPatternsTrait,
    HasParent,
    IsolatedFromAbove,
    IsTerminator,
    Pure,
    RecursivelySpeculatable,
    RecursiveMemoryEffect,
    ReturnLike,
)
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.lexer import Span

from layoutdialect.dialect.ttg.layout_checks import kernel_attributes
from layoutdialect.dialect.ttg.ops import TTGOp
from layoutdialect.f2 import is_power_of_two

__all__ = [
    "ATTRIBUTES",
    "OPS",
    "DropUnusedCaptures",
    "DropUnusedResults",
    "WarpReturnOp",
    "WarpSpecializeOp",
    "WarpSpecializePartitionsOp",
    "WarpYieldOp",
]

_PROPERTIES = frozenset({"partitionNumWarps", "warpGroupStartIds", "requestedRegisters", "actualRegisters"})
"""The properties of ``ttg.warp_specialize`` in Triton 3.9 (``defaultRequestedRegisters``,
a property in later Tritons, is an ordinary attribute there)."""


class WarpSpecializeCanonicalization(HasCanonicalizationPatternsTrait):
    """Triton's ``WarpSpecializeOp::canonicalize``."""

    @classmethod
    def get_canonicalization_patterns(cls) -> tuple[RewritePattern, ...]:
        return (DropUnusedResults(),)


class PartitionsCanonicalization(HasCanonicalizationPatternsTrait):
    """Triton's ``WarpSpecializePartitionsOp::canonicalize``."""

    @classmethod
    def get_canonicalization_patterns(cls) -> tuple[RewritePattern, ...]:
        return (DropUnusedCaptures(),)


@irdl_op_definition
class WarpSpecializeOp(TTGOp):
    """``%0 = ttg.warp_specialize(%a) default { ... ttg.warp_yield %x : i32 }
    partition0(%arg1: i32) num_warps(4) { ... ttg.warp_return } : (i32) -> i32``

    The default region runs on the current warps (it may use any value in scope) and
    yields the op's results; partition ``i`` runs at the same time on
    ``partitionNumWarps[i]`` other warps, seeing only the captured operands.
    """

    name = "ttg.warp_specialize"

    partition_num_warps = prop_def(DenseArrayBase[I32], prop_name="partitionNumWarps")
    warp_group_start_ids = opt_prop_def(DenseArrayBase[I32], prop_name="warpGroupStartIds")
    requested_registers = opt_prop_def(DenseArrayBase[I32], prop_name="requestedRegisters")
    actual_registers = opt_prop_def(DenseArrayBase[I32], prop_name="actualRegisters")
    default_passthrough = var_result_def()
    default_region = region_def()
    partition_op_holder = region_def()

    traits = traits_def(RecursiveMemoryEffect(), RecursivelySpeculatable(), WarpSpecializeCanonicalization())

    def __init__(
        self,
        captures: Sequence[SSAValue | Operation],
        default_region: Region,
        partition_regions: Sequence[Region],
        partition_num_warps: Sequence[int],
        result_types: Sequence[Attribute] = (),
    ) -> None:
        partitions = WarpSpecializePartitionsOp(captures, partition_regions)
        super().__init__(
            result_types=[result_types],
            properties={"partitionNumWarps": DenseArrayBase.from_list(i32, list(partition_num_warps))},
            regions=[default_region, Region(Block([partitions]))],
        )

    @property
    def num_warps(self) -> tuple[int, ...]:
        """How many warps each partition runs on."""
        return tuple(self.partition_num_warps.get_values())

    @property
    def partition_op(self) -> WarpSpecializePartitionsOp:
        """The op holding the partition regions; only a verified op is sure to have it."""
        partitions = self.partition_op_holder.block.first_op
        assert isinstance(partitions, WarpSpecializePartitionsOp)
        return partitions

    @classmethod
    def parse(cls, parser: Parser) -> WarpSpecializeOp:
        captures_at = parser.pos
        captures = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_unresolved_operand)
        attributes_at = parser.pos
        given = parser.parse_optional_attr_dict_with_keyword()
        if given is not None and "partitionNumWarps" in given.data:
            parser.raise_error(
                f"custom op '{cls.name}' attribute 'partitionNumWarps' occurs more than once in the attribute list",
                attributes_at,
                parser.pos,
            )
        parser.parse_keyword("default")
        default_region = parser.parse_region()
        partitions_at = _location(parser)
        regions: list[Region] = []
        num_warps: list[int] = []
        while parser.parse_optional_keyword(f"partition{len(regions)}"):
            arguments = parser.parse_comma_separated_list(parser.Delimiter.PAREN, lambda: _parse_argument(parser))
            parser.parse_keyword("num_warps")
            parser.parse_punctuation("(")
            num_warps.append(parser.parse_integer(allow_boolean=False))
            parser.parse_punctuation(")")
            regions.append(parser.parse_region(arguments or None))
        parser.parse_punctuation(":")
        types_at = parser.pos
        function_type = parser.parse_type()
        if not isinstance(function_type, FunctionType):
            parser.raise_error(
                f"custom op '{cls.name}' invalid kind of type specified: expected builtin.function, "
                f"but found '{function_type}'",
                types_at,
                parser.pos,
            )
        if len(captures) != len(function_type.inputs):
            parser.raise_error(
                f"custom op '{cls.name}' number of operands and types do not match: got {len(captures)} operands "
                f"and {len(function_type.inputs)} types",
                captures_at,
                captures_at + 1,
            )
        values = parser.resolve_operands(captures, function_type.inputs.data, captures_at)
        partitions = WarpSpecializePartitionsOp(values, regions)
        partitions.location = partitions_at
        properties: dict[str, Attribute] = {}
        attributes: dict[str, Attribute] = {}
        for key, value in ({} if given is None else given.data).items():
            (properties if key in _PROPERTIES else attributes)[key] = value
        properties["partitionNumWarps"] = DenseArrayBase.from_list(i32, num_warps)
        return cls.create(
            result_types=list(function_type.outputs.data),
            properties=properties,
            attributes=attributes,
            regions=[default_region, Region(Block([partitions]))],
        )

    def print(self, printer: Printer) -> None:
        partitions = self.partition_op
        printer.print_string("(")
        printer.print_list(partitions.explicit_captures, printer.print_operand)
        printer.print_string(")")
        shown = {k: v for k, v in (self.properties | self.attributes).items() if k != "partitionNumWarps"}
        printer.print_op_attributes(dict(sorted(shown.items())), print_keyword=True)
        printer._print_new_line()  # pyright: ignore[reportPrivateUsage] (xDSL has no public newline)
        printer.print_string("default ")
        printer.print_region(self.default_region, print_entry_block_args=False, print_empty_block=False)
        for index, (region, warps) in enumerate(zip(partitions.partition_regions, self.num_warps, strict=True)):
            printer._print_new_line()  # pyright: ignore[reportPrivateUsage]
            # Each partition is isolated from the others: its names start afresh, as in MLIR.
            printer.enter_scope()
            printer.print_string(f"partition{index}(")
            arguments = () if region.first_block is None else region.first_block.args
            printer.print_list(arguments, printer.print_block_argument)
            printer.print_string(f") num_warps({warps}) ")
            printer.print_region(region, print_entry_block_args=False, print_empty_block=False)
            printer.exit_scope()
        printer.print_string(" : ")
        printer.print_function_type(partitions.explicit_captures.types, self.result_types)

    def verify_(self) -> None:
        if not self.default_region.blocks:
            raise VerifyException(
                f"'{self.name}' op region #0 ('defaultRegion') failed to verify constraint: "
                "region with at least 1 blocks"
            )
        if len(self.partition_op_holder.blocks) != 1:
            raise VerifyException(
                f"'{self.name}' op region #1 ('partitionOpHolder') failed to verify constraint: region with 1 blocks"
            )
        partitions = self.partition_op_holder.block.first_op
        if not isinstance(partitions, WarpSpecializePartitionsOp):
            raise VerifyException(
                f"'{self.name}' op expected to find only a `ttg.warp_specialize.partitions` op inside its second region"
            )
        num_warps = self.num_warps
        if len(partitions.partition_regions) != len(num_warps):
            raise VerifyException(
                f"'{self.name}' op has {len(partitions.partition_regions)} partitions but `partitionNumWarps` "
                f"has {len(num_warps)} elements"
            )
        for index, warps in enumerate(num_warps):
            if warps <= 0 or not is_power_of_two(warps):
                raise VerifyException(
                    f"'{self.name}' op partition #{index} number of warps ({warps}) must be a power of 2"
                )
        if self.warp_group_start_ids is not None and len(self.warp_group_start_ids) != len(num_warps):
            raise VerifyException(
                f"'{self.name}' op has {len(self.warp_group_start_ids)} warp group start IDs but expected "
                f"{len(num_warps)}"
            )
        parent = self.parent_op()
        while parent is not None:
            if isinstance(parent, WarpSpecializeOp):
                raise VerifyException(f"'{self.name}' op cannot be nested inside another `ttg.warp_specialize` op")
            parent = parent.parent_op()
        kernel_warps = kernel_attributes(self).num_warps
        if kernel_warps is not None and kernel_warps % 4 != 0:
            raise VerifyException("warp-specialized kernels requires num_warps to be a multiple of 4")


@irdl_op_definition
class WarpSpecializePartitionsOp(TTGOp):
    """``"ttg.warp_specialize.partitions"(%a) ({^bb0(%arg1: i32): ... "ttg.warp_return"() : () -> ()}) : (i32) -> ()``

    The partition regions of the enclosing ``ttg.warp_specialize``, each entered with
    the captured operands as its arguments.  It only appears in the generic form.
    """

    name = "ttg.warp_specialize.partitions"

    explicit_captures = var_operand_def()
    partition_regions = var_region_def()

    traits = traits_def(
        IsolatedFromAbove(),
        RecursiveMemoryEffect(),
        RecursivelySpeculatable(),
        IsTerminator(),
        HasParent(WarpSpecializeOp),
        PartitionsCanonicalization(),
    )

    def __init__(self, captures: Sequence[SSAValue | Operation], regions: Sequence[Region]) -> None:
        super().__init__(operands=[captures], regions=[list(regions)])

    def verify_(self) -> None:
        for index, region in enumerate(self.partition_regions):
            if not region.blocks:
                raise VerifyException(
                    f"'{self.name}' op region #{index} ('partitionRegions') failed to verify constraint: "
                    "region with at least 1 blocks"
                )
        for index, region in enumerate(self.partition_regions):
            assert region.first_block is not None
            arguments = len(region.first_block.args)
            if arguments != len(self.explicit_captures):
                raise VerifyException(
                    f"'{self.name}' op partition region #{index} has {arguments} arguments but expected "
                    f"{len(self.explicit_captures)}"
                )


@irdl_op_definition
class WarpYieldOp(TTGOp):
    """``ttg.warp_yield %a, %b : i32, tensor<32xbf16, #blocked>``

    Ends the default region of a ``ttg.warp_specialize``, whose results are its operands.
    """

    name = "ttg.warp_yield"

    values = var_operand_def()

    assembly_format = "($values^)? attr-dict (`:` type($values)^)?"
    traits = traits_def(Pure(), IsTerminator(), ReturnLike(), HasParent(WarpSpecializeOp))

    def __init__(self, values: Sequence[SSAValue | Operation] = ()) -> None:
        super().__init__(operands=[values])

    def verify_(self) -> None:
        parent = self.parent_op()
        if not isinstance(parent, WarpSpecializeOp):
            return  # HasParent says so
        expected = parent.result_types
        if len(self.values) != len(expected):
            raise VerifyException(
                f"'{self.name}' op has {len(self.values)} operands but parent op expected {len(expected)}"
            )
        for index, (type_, result) in enumerate(zip(self.values.types, expected)):
            if type_ != result:
                raise VerifyException(
                    f"'{self.name}' op operand #{index} has type '{type_}' but parent op expected '{result}'"
                )


@irdl_op_definition
class WarpReturnOp(TTGOp):
    """``ttg.warp_return``: ends a partition region of a ``ttg.warp_specialize``."""

    name = "ttg.warp_return"

    assembly_format = "attr-dict"
    traits = traits_def(Pure(), IsTerminator(), ReturnLike(), HasParent(WarpSpecializePartitionsOp))

    def __init__(self) -> None:
        super().__init__()


class DropUnusedResults(RewritePattern):
    """A result nobody uses is dropped, with what the default region yields for it."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: WarpSpecializeOp, rewriter: PatternRewriter) -> None:
        kept = [index for index, result in enumerate(op.results) if result.uses]
        if len(kept) == len(op.results):
            return
        for block in op.default_region.blocks:
            if isinstance(terminator := block.last_op, WarpYieldOp):
                terminator.operands = [terminator.operands[index] for index in kept]
                rewriter.notify_op_modified(terminator)
        new = WarpSpecializeOp.create(
            result_types=[op.results[index].type for index in kept],
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            regions=[rewriter.move_region_contents_to_new_regions(region) for region in op.regions],
        )
        replacements: list[SSAValue | None] = [None] * len(op.results)
        for new_result, index in zip(new.results, kept, strict=True):
            new_result.name_hint = op.results[index].name_hint
            replacements[index] = new_result
        rewriter.replace_op(op, new, replacements)


class DropUnusedCaptures(RewritePattern):
    """A capture no partition uses, or one captured before, is dropped (its uses then
    read the first capture of the same value)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: WarpSpecializePartitionsOp, rewriter: PatternRewriter) -> None:
        entries = [region.first_block for region in op.partition_regions if region.first_block is not None]
        if len(entries) != len(op.partition_regions):
            return
        first: dict[SSAValue, int] = {}
        dropped: list[int] = []
        for index, capture in enumerate(op.explicit_captures):
            if all(not entry.args[index].uses for entry in entries):
                dropped.append(index)
            elif capture in first:
                for entry in entries:
                    rewriter.replace_all_uses_with(entry.args[index], entry.args[first[capture]])
                dropped.append(index)
            else:
                first[capture] = index
        if not dropped:
            return
        for entry in entries:
            for index in reversed(dropped):
                rewriter.erase_block_argument(entry.args[index])
        op.operands = [capture for index, capture in enumerate(op.explicit_captures) if index not in dropped]
        rewriter.notify_op_modified(op)


def _parse_argument(parser: Parser) -> Parser.Argument:
    """``%arg1: i32``, with an optional ``loc(...)``."""
    argument = parser.parse_argument()
    argument.location = parser.parse_optional_location()
    return argument


def _location(parser: Parser) -> FileLineColLoc:
    """Where the parser stands, as the location MLIR gives an op the custom syntax hides
    (shifted by the line offset of a ``LocatingParser``'s chunk)."""
    file, line, column = Span(parser.pos, parser.pos, parser.lexer.input).get_location()
    line += getattr(parser, "line_offset", 0)
    return FileLineColLoc(StringAttr(file), IntAttr(line), IntAttr(column))


OPS: list[type[Operation]] = [WarpSpecializeOp, WarpSpecializePartitionsOp, WarpYieldOp, WarpReturnOp]
"""The ops of this family, as the dialect registers them."""

ATTRIBUTES: list[type[Attribute]] = []
"""The attributes and types of this family."""

"""``tt.func``, ``tt.return`` and ``tt.call``: Triton's function ops, spelled like ``func``'s."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FunctionType,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
)
from xdsl.dialects.utils import parse_func_op_like, print_func_op_like
from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.irdl import (
    irdl_op_definition,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import CallableOpInterface, HasParent, IsolatedFromAbove, IsTerminator, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException

from layoutdialect.dialect.tt.base import TTOp

__all__ = ["AnyFuncOp", "CallOp", "FuncOp", "ReturnOp"]


class FuncCallable(CallableOpInterface):
    """``tt.func`` bodies are callable regions, as ``func.func``'s are."""

    @classmethod
    def get_callable_region(cls, op: Operation) -> Region:
        assert isinstance(op, FuncOp)
        return op.body

    @classmethod
    def get_argument_types(cls, op: Operation) -> tuple[Attribute, ...]:
        assert isinstance(op, FuncOp)
        return op.function_type.inputs.data

    @classmethod
    def get_result_types(cls, op: Operation) -> tuple[Attribute, ...]:
        assert isinstance(op, FuncOp)
        return op.function_type.outputs.data


@irdl_op_definition
class FuncOp(TTOp):
    """``tt.func @kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}) { ... }``"""

    name = "tt.func"

    body = region_def()
    sym_name = prop_def(SymbolNameConstraint())
    function_type = prop_def(FunctionType)
    sym_visibility = opt_prop_def(StringAttr)
    arg_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    res_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])

    traits = traits_def(IsolatedFromAbove(), SymbolOpInterface(), FuncCallable())

    def __init__(
        self,
        name: str,
        function_type: FunctionType,
        region: Region,
        visibility: str | None = None,
        arg_attrs: ArrayAttr[DictionaryAttr] | None = None,
        res_attrs: ArrayAttr[DictionaryAttr] | None = None,
    ) -> None:
        super().__init__(
            properties={
                "sym_name": StringAttr(name),
                "function_type": function_type,
                "sym_visibility": None if visibility is None else StringAttr(visibility),
                "arg_attrs": arg_attrs,
                "res_attrs": res_attrs,
            },
            regions=[region],
        )

    def verify_(self) -> None:
        entry = self.body.first_block
        if entry is not None and tuple(entry.arg_types) != self.function_type.inputs.data:
            raise VerifyException("tt.func: the entry block's argument types differ from the function's inputs")

    def update_function_type(self) -> None:
        """Make the signature match the entry block and the returned values, after a pass retyped them."""
        entry = self.body.first_block
        if entry is None:
            return
        outputs = self.function_type.outputs.data
        returns = [block.last_op for block in self.body.blocks if isinstance(block.last_op, ReturnOp)]
        if returns:
            outputs = tuple(v.type for v in returns[0].srcs)
        self.function_type = FunctionType.from_lists(entry.arg_types, outputs)

    @classmethod
    def parse(cls, parser: Parser) -> FuncOp:
        visibility = parser.parse_optional_visibility_keyword()
        name, inputs, outputs, region, extra, arg_attrs, res_attrs = parse_func_op_like(
            parser, reserved_attr_names=("sym_name", "function_type", "sym_visibility")
        )
        op = FuncOp(
            name,
            FunctionType.from_lists(inputs, outputs),
            region,
            None if visibility is None else visibility.data,
            arg_attrs,
            res_attrs,
        )
        if extra is not None:
            op.attributes |= extra.data
        return op

    def print(self, printer: Printer) -> None:
        if self.sym_visibility is not None:
            printer.print_string(f" {self.sym_visibility.data}")
        print_func_op_like(
            printer,
            self.sym_name,
            self.function_type,
            self.body,
            self.attributes,
            arg_attrs=self.arg_attrs,
            res_attrs=self.res_attrs,
            reserved_attr_names=("sym_name", "function_type", "sym_visibility", "arg_attrs"),
        )


@irdl_op_definition
class ReturnOp(TTOp):
    """``tt.return %0 : tensor<1024xi32, #blocked>``"""

    name = "tt.return"

    srcs = var_operand_def()

    assembly_format = "attr-dict ($srcs^ `:` type($srcs))?"
    traits = traits_def(IsTerminator(), HasParent(FuncOp))

    def __init__(self, srcs: Sequence[SSAValue]) -> None:
        super().__init__(operands=[srcs])


@irdl_op_definition
class CallOp(TTOp):
    """``%r = tt.call @helper(%x) : (tensor<16xf32, #blocked>) -> tensor<16xf32, #blocked>``"""

    name = "tt.call"

    arguments = var_operand_def()
    callee = prop_def(SymbolRefAttr)
    res = var_result_def()

    assembly_format = "$callee `(` $arguments `)` attr-dict `:` functional-type($arguments, $res)"

    def __init__(self, callee: str, arguments: Sequence[SSAValue], result_types: Sequence[Attribute]) -> None:
        super().__init__(
            operands=[arguments], result_types=[result_types], properties={"callee": SymbolRefAttr(callee)}
        )


AnyFuncOp = FuncOp | func.FuncOp
"""A function the passes work on: Triton's ``tt.func`` or the builtin ``func.func``."""

llvm.mlir.global external @global_smem() {addr_space = 3 : f32, alignment = 16 : i64} : !llvm.array<0 x i8>

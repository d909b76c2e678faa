tt.func @f(%c: i1) {
  llvm.intr.assume %c : i1 {ttg.partition = array<i32: 1, 2>}
  tt.return
}

tt.func @first() {
  tt.return
}
// -----
tt.func @second() {
  %x = arith.constant 0 : i32
  tt.no_such_op %x : i32
  tt.return
}
// -----
tt.func @third() {
  tt.return
}

tt.func @generic(%x: i32) {
  %y = "foo.bar"(%x) : (i32) -> i32
  tt.return
}
// -----
tt.func @custom(%x: i32) {
  // The same op in a custom form nobody can read.
  %y = foo.bar %x : i32
  tt.return
}

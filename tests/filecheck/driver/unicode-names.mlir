// Non-ASCII names print with MLIR's escapes and read back as the same name.
// RUN: layout-opt %s --verify-roundtrip | filecheck %s
// CHECK: module attributes {"caf\C3\A9" = 1 : i32, "na\C3\AFve" = "\C3\A9t\C3\A9"}
module attributes {"café" = 1 : i32, "naïve" = "été"} {
}

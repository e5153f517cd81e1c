// The program that builds the tests' shared precompiled header
// (tests/CMakeLists.txt, ck_test_pch); it does nothing.
int main() { return 0; }

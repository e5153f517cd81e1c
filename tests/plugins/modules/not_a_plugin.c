/* An ordinary shared library that happens to sit on the plugin path. */
__attribute__((visibility("default"))) int not_a_plugin_answer(void) { return 42; }

package org.graalvm.polyglot;

/** Offline stand-in for GraalVM's polyglot Context (GraalJS is not in Debian).
 *  Only used by JCZ for scripted feature modifiers, which the base game, abbot
 *  and little buildings never use. Any use fails loudly. */
public final class Context implements AutoCloseable {
    public static Context create(String... langs) {
        throw new UnsupportedOperationException("GraalJS stub: scripted modifiers are not supported in this build");
    }
    public Value getBindings(String lang) { throw new UnsupportedOperationException(); }
    public Value eval(String lang, CharSequence src) { throw new UnsupportedOperationException(); }
    @Override public void close() {}
}

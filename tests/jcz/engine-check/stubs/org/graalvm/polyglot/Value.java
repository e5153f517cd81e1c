package org.graalvm.polyglot;

/** Offline stand-in, see Context. */
public final class Value {
    public void putMember(String k, Object v) { throw new UnsupportedOperationException(); }
    public boolean hasArrayElements() { throw new UnsupportedOperationException(); }
    public long getArraySize() { throw new UnsupportedOperationException(); }
    public Value getArrayElement(long i) { throw new UnsupportedOperationException(); }
    public Value getMember(String k) { throw new UnsupportedOperationException(); }
    public boolean hasMember(String k) { throw new UnsupportedOperationException(); }
    public String asString() { throw new UnsupportedOperationException(); }
    public int asInt() { throw new UnsupportedOperationException(); }
}

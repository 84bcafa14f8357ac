package io.fabricpulse.agent.mad;

/**
 * A request ready to send: where to (destination LID, queue pair, Q_Key) and the 256 bytes of the
 * MAD except the TransactionID, which the request engine writes per attempt.
 *
 * @param route     how the request travels (for error messages and directed-route responses)
 * @param attribute what is asked for
 * @param dlid      destination LID; 0xFFFF (permissive) for directed routes
 * @param qp        destination queue pair: 0 for SMPs, 1 for GMPs
 * @param qkey      Q_Key: 0 for SMPs, 0x80010000 for GMPs
 * @param mad       the datagram, {@link Mads#MAD_SIZE} bytes; never modified after construction
 */
public record MadRequest(MadRoute route, MadAttribute attribute, int dlid, int qp, int qkey, byte[] mad) {

    public int mgmtClass() {
        return mad[1] & 0xff;
    }

    /** A copy of the MAD with {@code transactionId} in it, ready for the wire. */
    public byte[] withTransactionId(long transactionId) {
        byte[] copy = mad.clone();
        MadHeaderField.TransactionId.set(copy, 0, transactionId);
        return copy;
    }

    /**
     * What was asked of whom, e.g. {@code PORT_COUNTERS Lid 4 port 2 (attr 0x0012)}: the port is the
     * PerfMgt PortSelect, or the PortInfo modifier, so an error message says which port failed.
     */
    @Override
    public String toString() {
        String port = attribute.performance() ? " port " + PortCountersField.PortSelect.get(mad, Mads.DATA_OFFSET)
                : attribute == MadAttribute.PORT_INFO ? " port " + MadHeaderField.AttributeModifier.get(mad, 0)
                : attribute == MadAttribute.LINEAR_FORWARDING_TABLE ? " block " + MadHeaderField.AttributeModifier.get(mad, 0)
                : "";
        return "%s %s%s (attr 0x%04x)".formatted(attribute, route, port, attribute.id());
    }
}

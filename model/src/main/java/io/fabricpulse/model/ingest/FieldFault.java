package io.fabricpulse.model.ingest;

/**
 * A field of a device's answer that holds a reserved or impossible value (PortState 7, LinkWidthActive 0
 * on a link that is up, an SMState above 3). Reported as it was read, never mapped to a plausible value:
 * the field it would have filled stays unknown.
 *
 * @param field   the IBA field name as infiniband-diags prints it ({@code LinkState}, {@code SmState})
 * @param value   the raw value read
 * @param problem why the value is not valid, for people
 */
public record FieldFault(String field, long value, String problem) {
}

package io.fabricpulse.model.topology;

import io.fabricpulse.model.ingest.NodeType;

import java.util.Map;

/**
 * One node record as written ({@code Switch 36 "S-..." # "desc" ...} and its port lines), with the
 * GUIDs and ids the settings before it gave it.
 *
 * @param line            line of the header
 * @param type            node type from the header keyword
 * @param numPorts        port count from the header
 * @param id              the quoted node id, which port lines refer to
 * @param description     description from the header comment (the id when there is none)
 * @param guid            node GUID
 * @param systemImageGuid system image GUID
 * @param vendorId        vendor id from {@code vendid=}, 0 when absent
 * @param deviceId        device id from {@code devid=}, 0 when absent
 * @param lid             a switch's LID from {@code lid N} in its header, 0 when absent
 * @param portZeroGuid    a switch's port GUID from {@code switchguid=0x..(..)}, the node GUID when absent
 * @param defaults        the enable masks a port of this node has when its line says nothing (ibsim's
 *                        {@code width=}/{@code speed=}/{@code extspeed=} settings)
 * @param ports           its port lines by port number, in file order (filled while reading)
 */
record RawNode(int line, NodeType type, int numPorts, String id, String description, long guid, long systemImageGuid,
               int vendorId, int deviceId, int lid, long portZeroGuid, EnabledRates defaults, Map<Integer, RawPort> ports) {
}

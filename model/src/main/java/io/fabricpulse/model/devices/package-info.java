/**
 * Known InfiniBand devices by NodeInfo.DeviceID: model names and families, for the inventory and for rules
 * whose facts differ by silicon generation (docs/FABRIC.md, "Devices").
 */
package io.fabricpulse.model.devices;

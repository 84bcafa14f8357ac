/** The job history's tables ({@code job}, {@code job_node}, migration V16) and their repository. */
package io.fabricpulse.server.jobs.store;

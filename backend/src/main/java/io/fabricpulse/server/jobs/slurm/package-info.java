/** Slurm as a job source: {@code squeue --json} read as it streams, its hostlists expanded. */
package io.fabricpulse.server.jobs.slurm;

/** The job page. */
package io.fabricpulse.server.web.jobs;

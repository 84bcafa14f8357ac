/** The subnet managers page at {@code /subnet-managers}: what each SM's SMInfo answers, masters first. */
package io.fabricpulse.server.web.sm;

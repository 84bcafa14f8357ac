{{/* Names: <release>-fabricpulse unless the release name already says it; 63 characters at most. */}}
{{- define "fabricpulse.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "fabricpulse.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "fabricpulse.server.name" -}}
{{- printf "%s-server" (include "fabricpulse.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "fabricpulse.agent.name" -}}
{{- printf "%s-agent" (include "fabricpulse.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "fabricpulse.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/name: {{ include "fabricpulse.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* A pod's labels: its selector labels and the version. Include with (list . "server"). */}}
{{- define "fabricpulse.podLabels" -}}
{{- include "fabricpulse.selectorLabels" . }}
app.kubernetes.io/version: {{ (index . 0).Chart.AppVersion | quote }}
{{- end }}

{{/* Selector labels of one component: include with (list . "server") or (list . "agent"). */}}
{{- define "fabricpulse.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ include "fabricpulse.name" $root }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end }}

{{- define "fabricpulse.image" -}}
{{- $root := index . 0 -}}
{{- $image := index . 1 }}
{{- printf "%s:%s" $image.repository (default $root.Chart.AppVersion $image.tag) }}
{{- end }}

{{/* The Secret with agent-token and admin-password. */}}
{{- define "fabricpulse.authSecret" -}}
{{- default (printf "%s-auth" (include "fabricpulse.fullname" .)) .Values.auth.existingSecret }}
{{- end }}

{{/* The Secret with the store credentials the chart creates (PostgreSQL password, InfluxDB token). */}}
{{- define "fabricpulse.storeSecret" -}}
{{- printf "%s-stores" (include "fabricpulse.fullname" .) }}
{{- end }}

{{/* True when some store keeps files on the server's volume. */}}
{{- define "fabricpulse.embeddedStore" -}}
{{- if or (eq .Values.stateStore.type "embedded") (eq .Values.seriesStore.type "embedded") }}true{{ end }}
{{- end }}

{{/* True with several server replicas: a StatefulSet whose every pod gets every batch from every agent. */}}
{{- define "fabricpulse.wholeReplicas" -}}
{{- if gt (int .Values.server.replicas) 1 }}true{{ end }}
{{- end }}

{{/*
Where agents push: agent.serverUrl when given; with several replicas each pod's own address through the
headless Service (comma-separated: the agent keeps a spool and back-off per replica); else the Service.
*/}}
{{- define "fabricpulse.serverUrl" -}}
{{- if .Values.agent.serverUrl }}
{{- .Values.agent.serverUrl }}
{{- else if include "fabricpulse.wholeReplicas" . }}
{{- $name := include "fabricpulse.server.name" . }}
{{- $urls := list }}
{{- range $i := until (int .Values.server.replicas) }}
{{- $urls = append $urls (printf "http://%s-%d.%s-replicas.%s.svc:8080" $name $i $name $.Release.Namespace) }}
{{- end }}
{{- join "," $urls }}
{{- else }}
{{- printf "http://%s.%s.svc:%v" (include "fabricpulse.server.name" .) .Release.Namespace .Values.server.service.port }}
{{- end }}
{{- end }}

#!/bin/sh
# A one-node Slurm cluster on this machine, for kinrow's `--cluster slurm`
# tests and for a developer without a cluster: `start` installs the Debian
# packages when they are missing, writes /etc/slurm/slurm.conf and starts
# munged, slurmctld and slurmd directly (no systemd); `stop` stops them by
# the pids they wrote. Needs root. On a real cluster none of this is needed.
set -eu

start() {
    if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null \
        || ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            slurmctld slurmd slurm-client munge
    fi
    H=$(hostname -s)
    N=$(nproc)
    mkdir -p /etc/slurm
    cat > /etc/slurm/slurm.conf <<CONF
ClusterName=local
SlurmctldHost=$H
SlurmUser=slurm
AuthType=auth/munge
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=$H CPUs=$N State=UNKNOWN
PartitionName=debug Nodes=$H Default=YES MaxTime=INFINITE State=UP
CONF
    mkdir -p /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
    chown slurm: /var/spool/slurmctld /var/log/slurm
    chown munge: /run/munge
    pgrep -x munged >/dev/null || runuser -u munge -- munged
    [ -f /run/slurmctld.pid ] && kill -0 "$(cat /run/slurmctld.pid)" 2>/dev/null || slurmctld
    [ -f /run/slurmd.pid ] && kill -0 "$(cat /run/slurmd.pid)" 2>/dev/null || slurmd
    for _ in $(seq 30); do
        if sinfo -h -o %t 2>/dev/null | grep -q idle; then
            echo "slurm-one-node: $H idle"
            return 0
        fi
        sleep 1
    done
    echo "slurm-one-node: the node did not come up; see /var/log/slurm/" >&2
    return 1
}

stop() {
    for f in /run/slurmd.pid /run/slurmctld.pid; do
        if [ -f "$f" ]; then
            kill "$(cat "$f")" 2>/dev/null || true
            rm -f "$f"
        fi
    done
    for f in /run/munge/munged.pid /var/run/munge/munged.pid; do
        if [ -f "$f" ]; then
            kill "$(cat "$f")" 2>/dev/null || true
            rm -f "$f"
        fi
    done
    echo "slurm-one-node: stopped"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac

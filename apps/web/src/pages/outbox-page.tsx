// '/outbox' (issue 30): the incidents recorded on this phone.
export { default } from '../features/incidents/offline/components/outbox-page';

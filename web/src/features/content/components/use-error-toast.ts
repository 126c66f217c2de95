export { useErrorToast } from '@/lib/notify';

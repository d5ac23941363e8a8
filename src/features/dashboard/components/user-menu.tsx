import { LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { useSignOut } from '@/lib/auth/use-sign-out';
import { useProfile } from '@/domains/profile/api';
import { smallAvatarUrl } from '@/domains/profile/avatar';
import { emailName, userInitials } from '@/domains/profile/email-name';

/** The avatar menu: who is signed in (their photo, else initials), Account Settings and Sign Out. */
export function UserMenu({ email }: { email: string }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { user } = useAuth();
  // The 64 px copy: the header shows a 32 px avatar on every page.
  const avatarUrl = smallAvatarUrl(useProfile({ quiet: true }).data?.avatarUrl);
  // The name given at sign-up ('Nora Newuser' → NN), else the e-mail's name.
  const name = user?.fullName ?? emailName(email);
  const initials = userInitials(user?.fullName, email);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full">
          <span className="sr-only">Account menu</span>
          <Avatar className="size-8" aria-hidden>
            {avatarUrl && <AvatarImage src={avatarUrl} alt="" />}
            <AvatarFallback className="bg-primary/15 text-xs font-semibold text-primary">{initials}</AvatarFallback>
          </Avatar>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="text-sm font-medium">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(paths.settingsTab('profile'))}>
          <UserRound /> Account Settings
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
